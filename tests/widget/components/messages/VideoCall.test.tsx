// @vitest-environment happy-dom
// @vitest-environment-options {"settings":{"navigation":{"disableChildFrameNavigation":true}}}
// (happy-dom would otherwise fetch the call page into the overlay's iframe)
import { act, fireEvent, render, screen } from '@testing-library/react';
import { VideoCallMessage } from '../../../../src/widget/components/messages/VideoCallMessage';
import { VideoCallOverlay } from '../../../../src/widget/components/messages/VideoCallOverlay';
import { LABELS, settle } from './fixtures';

describe('a video-call message', () => {
  it("calls onJoin from its 'Join' button", () => {
    const onJoin = vi.fn();
    render(<VideoCallMessage labels={LABELS} onJoin={onJoin} />);
    fireEvent.click(screen.getByRole('button', { name: 'Join' }));
    expect(onJoin).toHaveBeenCalledOnce();
  });

  it('is busy while the call URL is fetched, then can be pressed again', async () => {
    let done!: () => void;
    const onJoin = vi.fn(() => new Promise<void>((resolve) => (done = resolve)));
    render(<VideoCallMessage labels={LABELS} onJoin={onJoin} />);
    const button = screen.getByRole('button', { name: 'Join' }) as HTMLButtonElement;
    fireEvent.click(button);
    expect(button.disabled).toBe(true);
    await act(async () => {
      done();
      await settle();
    });
    expect(button.disabled).toBe(false);
  });
});

describe('the video-call overlay', () => {
  it('shows the call in a frame allowed camera, microphone, fullscreen and screen sharing', () => {
    render(<VideoCallOverlay url="https://meet.example/room/1" labels={LABELS} onLeave={() => undefined} />);
    const frame = screen.getByTitle('Video call') as HTMLIFrameElement;
    expect(frame.getAttribute('src')).toBe('https://meet.example/room/1');
    expect(frame.getAttribute('allow')).toBe('camera;microphone;fullscreen;display-capture');
    expect(screen.getByRole('dialog', { name: 'Video call' })).toBeTruthy();
  });

  it("calls onLeave from 'Leave the call'", () => {
    const onLeave = vi.fn();
    render(<VideoCallOverlay url="https://meet.example/room/1" labels={LABELS} onLeave={onLeave} />);
    fireEvent.click(screen.getByRole('button', { name: 'Leave the call' }));
    expect(onLeave).toHaveBeenCalledOnce();
  });

  it.each(['javascript:alert(1)', 'data:text/html,<script>alert(1)</script>', '/relative/room', ''])('renders nothing for %j', (url) => {
    const { container } = render(<VideoCallOverlay url={url} labels={LABELS} onLeave={() => undefined} />);
    expect(container.innerHTML).toBe('');
  });
});
