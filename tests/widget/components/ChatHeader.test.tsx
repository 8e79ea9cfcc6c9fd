// @vitest-environment happy-dom
import { fireEvent, render, screen } from '@testing-library/react';
import { ChatHeader, ChatHeaderExpanded, type ChatHeaderProps } from '../../../src/widget/components/ChatHeader';

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
    expect(screen.getAllByRole('button').map((b) => b.getAttribute('aria-label'))).toEqual(['Back', 'Open in a new window', 'Close chat window']);
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
    render(<ChatHeaderExpanded title="Acme" heading="Hi there!" intro="We help with orders." labels={labels} showClose onClose={onClose} />);
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
