// @vitest-environment happy-dom
import { render } from '@testing-library/react';
import { Avatar } from '../../../src/widget/components/Avatar';

const imageOf = (src: string | null | undefined) => render(<Avatar name="ada" src={src} />).container.querySelector('img');

describe('Avatar', () => {
  it.each(['https://cdn.example/a.png', 'http://cdn.example/a.png', '/uploads/a.png', 'avatars/a.png'])('shows the image at %j', (src) => {
    expect(imageOf(src)?.getAttribute('src')).toBe(src);
  });

  it.each([
    'javascript:alert(1)',
    ' JavaScript:alert(1)',
    'java\tscript:alert(1)',
    'data:image/svg+xml,<svg onload=alert(1)>',
    'file:///etc/passwd',
    'ftp://x.example/a.png',
  ])('ignores the URL %j and shows the initial', (src) => {
    const { container } = render(<Avatar name="ada" src={src} />);
    expect(container.querySelector('img')).toBeNull();
    expect(container.textContent).toBe('A');
  });

  it('shows the initial without a URL', () => {
    expect(imageOf(undefined)).toBeNull();
    expect(imageOf('')).toBeNull();
  });
});
