// @vitest-environment happy-dom
import { fireEvent, render, screen } from '@testing-library/react';
import type { Card, CardAction } from '../../../../src/shared/contentAttributes';
import { CardsMessage } from '../../../../src/widget/components/messages/CardsMessage';
import { LABELS } from './fixtures';

const CARDS: Card[] = [
  {
    title: 'Red shoes',
    description: 'Size 40',
    media_url: 'https://cdn.example/shoes.png',
    actions: [
      { type: 'link', text: 'View', uri: 'https://shop.example/shoes' },
      { type: 'postback', text: 'Buy', payload: 'BUY_SHOES' },
    ],
  },
  // As a server that does not check cards (Chatwoot) may pass them on: unsafe URLs, a postback without payload.
  {
    title: 'Hat',
    media_url: 'javascript:alert(1)',
    actions: [
      { type: 'link', text: 'Evil', uri: 'javascript:alert(1)' },
      { type: 'link', text: 'Data', uri: 'data:text/html,<script>alert(1)</script>' },
      { type: 'postback', text: 'Tell me more' } as unknown as Extract<CardAction, { type: 'postback' }>,
    ],
  },
];

function setup() {
  const onPostback = vi.fn();
  const utils = render(<CardsMessage cards={CARDS} labels={LABELS} onPostback={onPostback} />);
  return { onPostback, ...utils };
}

describe('a cards message', () => {
  it('shows each card with its picture, title and description', () => {
    const { container } = setup();
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByText('Red shoes')).toBeTruthy();
    expect(screen.getByText('Size 40')).toBeTruthy();
    expect(container.querySelector('img')?.getAttribute('src')).toBe('https://cdn.example/shoes.png');
  });

  it('opens a link action in a new tab without opener or referrer', () => {
    setup();
    const link = screen.getByRole('link', { name: 'View' });
    expect(link.getAttribute('href')).toBe('https://shop.example/shoes');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('does not render a javascript: or data: URI as a link, nor a javascript: picture', () => {
    const { container } = setup();
    expect(screen.queryByRole('link', { name: 'Evil' })).toBeNull();
    expect(screen.queryByText('Evil')).toBeNull();
    expect(screen.queryByText('Data')).toBeNull();
    expect(screen.getAllByRole('link')).toHaveLength(1);
    expect(container.querySelectorAll('img')).toHaveLength(1);
  });

  it('sends a postback payload, or the button text when there is none', () => {
    const { onPostback } = setup();
    fireEvent.click(screen.getByRole('button', { name: 'Buy' }));
    fireEvent.click(screen.getByRole('button', { name: 'Tell me more' }));
    expect(onPostback.mock.calls).toEqual([['BUY_SHOES'], ['Tell me more']]);
  });

  it('is a named, keyboard-focusable row so it can be scrolled without a mouse', () => {
    setup();
    const row = screen.getByRole('list', { name: 'Cards' });
    expect(row.tabIndex).toBe(0);
  });
});
