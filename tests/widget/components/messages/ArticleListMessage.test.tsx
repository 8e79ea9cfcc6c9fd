// @vitest-environment happy-dom
import { render, screen } from '@testing-library/react';
import { ArticleListMessage } from '../../../../src/widget/components/messages/ArticleListMessage';

describe('an article list message', () => {
  it('links each article in a new tab, with its description', () => {
    render(
      <ArticleListMessage articles={[{ title: 'Reset your password', description: 'Three steps', link: 'https://help.example/reset' }]} />,
    );
    const link = screen.getByRole('link', { name: /Reset your password/ });
    expect(link.getAttribute('href')).toBe('https://help.example/reset');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(link.textContent).toContain('Three steps');
  });

  it('shows an article with an unsafe link as text, not a link', () => {
    render(<ArticleListMessage articles={[{ title: 'Trap', link: 'javascript:alert(1)' }]} />);
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getByText('Trap')).toBeTruthy();
  });
});
