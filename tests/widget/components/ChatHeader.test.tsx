// @vitest-environment happy-dom
import { fireEvent, render, screen } from '@testing-library/react';
import { ChatHeader, ChatHeaderExpanded, expandedHeaderOpacity, type ChatHeaderProps } from '../../../src/widget/components/ChatHeader';

const labels = { back: 'Back', endConversation: 'End Conversation', popout: 'Open in a new window', close: 'Close chat window' };

function setup(props: Partial<ChatHeaderProps> = {}) {
  const onBack = vi.fn();
  const onPopout = vi.fn();
  const onClose = vi.fn();
  const { container } = render(
    <ChatHeader
      title="Acme Support"
      isOnline={false}
      subtitle="Typically replies in a few minutes"
      labels={labels}
      onBack={onBack}
      onPopout={onPopout}
      onClose={onClose}
      {...props}
    />,
  );
  return { onBack, onPopout, onClose, container };
}

describe('the chat header', () => {
  it('shows the title and the reply-wait line', () => {
    setup();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Acme Support');
    expect(screen.getByText('Typically replies in a few minutes')).toBeTruthy();
  });

  it('shows no buttons by default', () => {
    setup();
    expect(screen.queryAllByRole('button')).toEqual([]);
  });

  it('shows a back button only when showBack is set, and it goes back', () => {
    const { onBack } = setup({ showBack: true });
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(onBack).toHaveBeenCalledTimes(1);
  });

  it('hides the back button when showBack is false', () => {
    setup({ showBack: false, showClose: true });
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();
  });

  it('shows a popout button when asked, named for screen readers', () => {
    const { onPopout } = setup({ showPopout: true });
    const button = screen.getByRole('button', { name: 'Open in a new window' });
    fireEvent.click(button);
    expect(onPopout).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('button', { name: 'Close chat window' })).toBeNull();
  });

  it('shows a close button when asked, named for screen readers', () => {
    const { onClose } = setup({ showClose: true });
    fireEvent.click(screen.getByRole('button', { name: 'Close chat window' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('button', { name: 'Open in a new window' })).toBeNull();
  });

  it('shows back, popout and close together in reading order', () => {
    setup({ showBack: true, showPopout: true, showClose: true });
    expect(screen.getAllByRole('button').map((b) => b.getAttribute('aria-label'))).toEqual([
      'Back',
      'Open in a new window',
      'Close chat window',
    ]);
  });

  it('uses buttons that do not submit forms', () => {
    setup({ showBack: true, showPopout: true, showClose: true });
    for (const button of screen.getAllByRole('button')) expect(button.getAttribute('type')).toBe('button');
  });

  it('shows the green dot when the team is online', () => {
    const { container } = setup({ isOnline: true });
    expect(container.querySelector('.online-dot')).not.toBeNull();
  });

  it('hides the green dot when the team is offline', () => {
    const { container } = setup({ isOnline: false });
    expect(container.querySelector('.online-dot')).toBeNull();
  });

  it("shows the avatar image when there is one, and the name's initial otherwise", () => {
    const { container } = setup({ avatarUrl: 'https://cdn.example/acme.png' });
    expect(container.querySelector('.avatar img')!.getAttribute('src')).toBe('https://cdn.example/acme.png');
  });

  it("shows the name's initial without an avatar image", () => {
    const { container } = setup({ avatarUrl: undefined });
    expect(container.querySelector('.avatar')!.textContent).toBe('A');
  });
});

describe('the expanded header', () => {
  it('shows the heading, intro and the requested buttons', () => {
    const onClose = vi.fn();
    render(
      <ChatHeaderExpanded title="Acme" heading="Hi there!" intro="We help with orders." labels={labels} showClose onClose={onClose} />,
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Hi there!');
    expect(screen.getByText('We help with orders.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Close chat window' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('leaves out an empty heading and intro', () => {
    const { container } = render(<ChatHeaderExpanded title="Acme" heading="" intro="" labels={labels} />);
    expect(container.querySelector('h1')).toBeNull();
    expect(container.querySelector('.header__intro')).toBeNull();
  });
});

describe('ending the conversation from the header', () => {
  it('shows no end-conversation button unless asked', () => {
    setup({ showClose: true });
    expect(screen.queryByRole('button', { name: 'End Conversation' })).toBeNull();
  });

  it('shows the end-conversation button with showEndConversation, and it ends the conversation', () => {
    const onEndConversation = vi.fn();
    setup({ showEndConversation: true, onEndConversation });
    fireEvent.click(screen.getByRole('button', { name: 'End Conversation' }));
    expect(onEndConversation).toHaveBeenCalledTimes(1);
  });

  it('puts end conversation before popout and close', () => {
    setup({ showBack: true, showEndConversation: true, showPopout: true, showClose: true });
    expect(screen.getAllByRole('button').map((b) => b.getAttribute('aria-label'))).toEqual([
      'Back',
      'End Conversation',
      'Open in a new window',
      'Close chat window',
    ]);
  });

  it('offers end conversation on the expanded header too', () => {
    const onEndConversation = vi.fn();
    render(
      <ChatHeaderExpanded title="Acme" heading="Hi" intro="" labels={labels} showEndConversation onEndConversation={onEndConversation} />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'End Conversation' }));
    expect(onEndConversation).toHaveBeenCalledTimes(1);
  });
});

describe('designed for long translations and narrow screens (issue 14)', () => {
  it('shows one avatar, the inbox’s, wearing the green dot while someone can answer', () => {
    const { container } = setup({ isOnline: true });
    expect(container.querySelectorAll('.avatar')).toHaveLength(1);
    expect(container.querySelector('.header__avatar .online-dot')).not.toBeNull();
  });

  it('keeps the whole title and subtitle in the page and as their tooltip', () => {
    const subtitle = 'Nous serons de retour en ligne vendredi, nous vous répondrons par e-mail';
    setup({ subtitle });
    const line = screen.getByText(subtitle);
    expect(line.getAttribute('title')).toBe(subtitle);
    expect(screen.getByRole('heading', { name: 'Acme Support' }).getAttribute('title')).toBe('Acme Support');
  });

  it('names its icon buttons and shows the name as a tooltip', () => {
    setup({ showEndConversation: true, showBack: true });
    expect(screen.getByRole('button', { name: 'End Conversation' }).dataset.tooltip).toBe('End Conversation');
    expect(screen.getByRole('button', { name: 'Back' }).title).toBe('Back');
  });
});

describe('fading the expanded header as home scrolls', () => {
  it.each([
    [0, 1],
    [10, 1],
    [11, 0.8],
    [15, 0.8],
    [16, 0.6],
    [20, 0.6],
    [21, 0.4],
    [25, 0.4],
    [26, 0.2],
    [30, 0.2],
    [31, 0],
    [500, 0],
  ])('is %s px down: opacity %s', (scrollTop, opacity) => {
    expect(expandedHeaderOpacity(scrollTop)).toBe(opacity);
  });

  it('is fully opaque by default', () => {
    const { container } = render(<ChatHeaderExpanded title="Acme" heading="Hi" intro="" labels={labels} />);
    expect((container.querySelector('header') as HTMLElement).style.opacity).toBe('1');
  });

  it('applies the opacity it is given', () => {
    const { container } = render(
      <ChatHeaderExpanded title="Acme" heading="Hi" intro="" labels={labels} opacity={expandedHeaderOpacity(18)} />,
    );
    expect((container.querySelector('header') as HTMLElement).style.opacity).toBe('0.6');
  });

  it('applies an opacity of 0 once scrolled past 30 px', () => {
    const { container } = render(
      <ChatHeaderExpanded title="Acme" heading="Hi" intro="" labels={labels} opacity={expandedHeaderOpacity(31)} />,
    );
    expect((container.querySelector('header') as HTMLElement).style.opacity).toBe('0');
  });
});
