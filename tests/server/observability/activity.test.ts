import { createFixture, sendMessage, type Fixture } from '../helpers';
import { captureLog } from './logCapture';

let fx: Fixture;
let log: ReturnType<typeof captureLog>;
beforeEach(async () => {
  log = captureLog();
  fx = await createFixture({ logger: log.logger });
});
afterEach(() => fx.close());

const activity = () => log.lines.filter((line) => line.msg !== 'request');

describe('conversation activity in the log', () => {
  it('logs a visitor starting a conversation with the id the Application API takes, and not the message', async () => {
    const visitor = await fx.visit();
    const res = await fx.widget('/conversations', visitor, { method: 'POST', body: { message: { content: 'my secret order 4711' } } });
    const { id } = (await res.json()) as { id: number };
    const [line] = activity();
    expect(line).toMatchObject({ level: 'info', msg: 'visitor started a conversation', conversation_id: id, inbox_id: 1 });
    expect(line.request_id).toEqual(expect.any(String));
    expect(log.raw.join('')).not.toContain('4711');
    // The logged id is the one an agent answers with.
    const reply = await fx.agent(`/conversations/${line.conversation_id}/messages`, { method: 'POST', body: { content: 'On its way' } });
    expect(reply.status).toBe(200);
    expect(activity()[1]).toMatchObject({ msg: 'agent wrote', conversation_id: id, agent_id: 1 });
  });

  it('logs every visitor message once, and not a retried echo_id', async () => {
    const visitor = await fx.visit();
    const first = await sendMessage(fx, visitor, 'hello', { echo_id: 'e-1' });
    await sendMessage(fx, visitor, 'hello', { echo_id: 'e-1' });
    const lines = activity().filter((line) => line.msg === 'visitor wrote');
    expect(lines).toEqual([expect.objectContaining({ conversation_id: first.conversation_id, message_id: first.id })]);
    expect(log.raw.join('')).not.toContain('hello');
  });
});
