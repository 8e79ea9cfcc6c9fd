import { createRealtimeDispatcher } from '../../../src/widget/realtime/events';
import type { RealtimeEnvelope } from '../../../src/shared/cable';

const envelope = (event: string, data: unknown = {}) => ({ event, data }) as RealtimeEnvelope;

describe('the realtime event table', () => {
  it("calls the event's action with the event data", () => {
    const messageCreated = vi.fn();
    const dispatch = createRealtimeDispatcher({ 'message.created': messageCreated });
    dispatch(envelope('message.created', { id: 7, content: 'Hi' }));
    expect(messageCreated).toHaveBeenCalledExactlyOnceWith({ id: 7, content: 'Hi' });
  });

  it('routes each event to its own action only', () => {
    const typingOn = vi.fn();
    const typingOff = vi.fn();
    const dispatch = createRealtimeDispatcher({ 'conversation.typing_on': typingOn, 'conversation.typing_off': typingOff });
    dispatch(envelope('conversation.typing_off'));
    expect(typingOff).toHaveBeenCalledTimes(1);
    expect(typingOn).not.toHaveBeenCalled();
  });

  it('ignores events that have no action', () => {
    const messageCreated = vi.fn();
    const dispatch = createRealtimeDispatcher({ 'message.created': messageCreated });
    expect(() => dispatch(envelope('conversation.updated'))).not.toThrow();
    expect(() => dispatch(envelope('notification.created'))).not.toThrow();
    expect(messageCreated).not.toHaveBeenCalled();
  });

  it('ignores event names that are Object.prototype members', () => {
    const dispatch = createRealtimeDispatcher({});
    for (const name of ['constructor', 'toString', '__proto__', 'hasOwnProperty']) {
      expect(() => dispatch(envelope(name))).not.toThrow();
    }
  });

  it('ignores envelopes without an event name', () => {
    const dispatch = createRealtimeDispatcher({ 'message.created': vi.fn() });
    expect(() => dispatch({ data: {} } as unknown as RealtimeEnvelope)).not.toThrow();
    expect(() => dispatch(null as unknown as RealtimeEnvelope)).not.toThrow();
  });
});
