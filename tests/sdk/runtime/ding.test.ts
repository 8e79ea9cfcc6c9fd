// @vitest-environment happy-dom
import { createDing } from '../../../src/sdk/runtime/ding';

/** A Web Audio stand-in that records what the chime does. */
function fakeAudio(state: AudioContextState = 'running') {
  const played: { frequencies: [number, number][]; stops: number[] } = { frequencies: [], stops: [] };
  const param = () => ({ setValueAtTime: vi.fn(), exponentialRampToValueAtTime: vi.fn() });
  class FakeAudioContext {
    state = 'suspended' as AudioContextState;
    currentTime = 10;
    destination = {};
    resume = vi.fn(async () => {
      this.state = state;
    });
    createOscillator() {
      const frequency = { setValueAtTime: (hz: number, at: number) => played.frequencies.push([hz, at]) };
      return { frequency, connect: (node: unknown) => node, start: vi.fn(), stop: (at: number) => played.stops.push(at) };
    }
    createGain() {
      return { gain: param(), connect: (node: unknown) => node };
    }
  }
  const win = Object.assign(new EventTarget(), { AudioContext: FakeAudioContext }) as unknown as Window & {
    AudioContext: typeof AudioContext;
  };
  return { win, played };
}

describe('the new-message sound', () => {
  it('is silent until the visitor has interacted with the page (autoplay rules)', () => {
    const { win, played } = fakeAudio();
    const ding = createDing(win);
    ding();
    expect(played.frequencies).toEqual([]);
  });

  it('plays a short two-note chime once a pointer or key press has unlocked audio', async () => {
    const { win, played } = fakeAudio();
    const ding = createDing(win);
    win.dispatchEvent(new Event('pointerdown'));
    await Promise.resolve();
    ding();
    expect(played.frequencies).toEqual([
      [880, 10],
      [1320, 10.09],
    ]);
    expect(played.stops).toEqual([10.35]);
  });

  it('stays silent when the browser keeps audio suspended', async () => {
    const { win, played } = fakeAudio('suspended');
    const ding = createDing(win);
    win.dispatchEvent(new Event('keydown'));
    await Promise.resolve();
    ding();
    expect(played.frequencies).toEqual([]);
  });

  it('does nothing in a browser without Web Audio', () => {
    const win = new EventTarget() as unknown as Window;
    const ding = createDing(win);
    win.dispatchEvent(new Event('pointerdown'));
    expect(() => ding()).not.toThrow();
  });
});
