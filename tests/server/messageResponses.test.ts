import { createFixture, sendMessage, type Fixture, type Visitor } from './helpers';

let fx: Fixture;
beforeEach(async () => {
  fx = await createFixture();
});
afterEach(() => fx.close());

async function agentAsks(visitor: Visitor, body: Record<string, unknown>): Promise<number> {
  const { conversation_id: id } = await sendMessage(fx, visitor, 'hi');
  const res = await fx.agent(`/conversations/${id}/messages`, { method: 'POST', body: { content: 'Question', ...body } });
  return (await res.json()).id;
}

const answer = (visitor: Visitor, id: number, body: unknown) => fx.widget(`/messages/${id}`, visitor, { method: 'PATCH', body });
const SELECT = { content_type: 'input_select', content_attributes: { items: [{ title: 'Sales', value: 'sales' }] } };

describe('PATCH /api/v1/widget/messages/:id', () => {
  it('stores a select answer and tells the visitor with previous_changes', async () => {
    const visitor = await fx.visit();
    const id = await agentAsks(visitor, SELECT);
    const events = fx.listen(visitor.pubsubToken);
    const res = await answer(visitor, id, { message: { submitted_values: [{ title: 'Sales', value: 'sales' }] } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({});
    const [updated] = events;
    expect(updated).toMatchObject({
      event: 'message.updated',
      data: {
        id,
        content_attributes: { items: SELECT.content_attributes.items, submitted_values: [{ title: 'Sales', value: 'sales' }] },
        previous_changes: { content_attributes: [SELECT.content_attributes, { submitted_values: [{ title: 'Sales', value: 'sales' }] }] },
      },
    });
    const listed = await (await fx.widget('/messages', visitor)).json();
    expect(listed.payload.at(-1).content_attributes.submitted_values).toEqual([{ title: 'Sales', value: 'sales' }]);
  });

  it('stores form answers as [{name, value}]', async () => {
    const visitor = await fx.visit();
    const id = await agentAsks(visitor, { content_type: 'form', content_attributes: { items: [{ name: 'size', type: 'text' }] } });
    const res = await answer(visitor, id, { message: { submitted_values: [{ name: 'size', value: 'XL' }] } });
    expect(res.status).toBe(200);
    const listed = await (await fx.widget('/messages', visitor)).json();
    expect(listed.payload.at(-1).content_attributes).toMatchObject({ submitted_values: [{ name: 'size', value: 'XL' }] });
  });

  it('takes an input_email answer as the contact e-mail', async () => {
    const visitor = await fx.visit();
    const id = await agentAsks(visitor, { content_type: 'input_email' });
    const res = await answer(visitor, id, { contact: { email: ' Ada@Example.com ' } });
    expect(res.status).toBe(200);
    expect((await res.json()).contact).toMatchObject({ email: 'ada@example.com' });
    expect(await (await fx.widget('/contact', visitor)).json()).toMatchObject({ has_email: true });
    const listed = await (await fx.widget('/messages', visitor)).json();
    expect(listed.payload.at(-1).content_attributes).toEqual({ submitted_email: 'ada@example.com' });
    expect((await answer(visitor, id, { contact: { email: 'not-an-email' } })).status).toBe(422);
  });

  it("answers 404 for another visitor's message, leaving it untouched", async () => {
    const alice = await fx.visit();
    const bob = await fx.visit();
    const id = await agentAsks(alice, SELECT);
    const res = await answer(bob, id, { message: { submitted_values: [{ value: 'hijack' }] } });
    expect(res.status).toBe(404);
    expect((await answer(bob, 999_999, { message: { submitted_values: [] } })).status).toBe(404);
    expect((await answer(bob, 'abc' as unknown as number, {})).status).toBe(404);
    const listed = await (await fx.widget('/messages', alice)).json();
    expect(listed.payload.at(-1).content_attributes).toEqual(SELECT.content_attributes);
  });

  it('refuses answers to plain text or to the visitor’s own messages, and malformed values', async () => {
    const visitor = await fx.visit();
    const own = await sendMessage(fx, visitor, 'mine');
    const text = await agentAsks(visitor, {});
    const select = await agentAsks(visitor, SELECT);
    for (const [id, body] of [
      [own.id, { message: { submitted_values: [{ value: 'x' }] } }],
      [text, { message: { submitted_values: [{ value: 'x' }] } }],
      [select, { message: {} }],
      [select, { message: { submitted_values: 'sales' } }],
      [select, { message: { submitted_values: [{ value: { nested: true } }] } }],
    ] as const) {
      expect((await answer(visitor, id, body)).status).toBe(422);
    }
  });

  it('checks each answer by its kind: a choice has a title, a form answer names its field, cards take none', async () => {
    const visitor = await fx.visit();
    const select = await agentAsks(visitor, SELECT);
    const form = await agentAsks(visitor, { content_type: 'form', content_attributes: { items: [{ name: 'size', type: 'text' }] } });
    const cards = await agentAsks(visitor, { content_type: 'cards', content_attributes: { items: [{ title: 'Plan A' }] } });
    const refusal = async (id: number, body: unknown) => {
      const res = await answer(visitor, id, body);
      return [res.status, (await res.json()).error];
    };
    expect(await refusal(select, { message: { submitted_values: [{ value: 'sales' }] } })).toEqual([
      422,
      expect.stringMatching(/^Answer submitted_values\.0\.title /),
    ]);
    expect(await refusal(select, { message: { submitted_values: [{ title: 'Sales', colour: 'red' }] } })).toEqual([
      422,
      'Answer submitted_values.0.colour is not a known field',
    ]);
    expect(await refusal(form, { message: { submitted_values: [{ value: 'XL' }] } })).toEqual([
      422,
      expect.stringMatching(/^Answer submitted_values\.0\.name /),
    ]);
    expect(await refusal(cards, { message: { submitted_values: [{ title: 'Plan A' }] } })).toEqual([
      422,
      'This message does not take answers',
    ]);
    const listed = await (await fx.widget('/messages', visitor)).json();
    expect(listed.payload.filter((m: { content_attributes: object }) => 'submitted_values' in m.content_attributes)).toEqual([]);
  });
});

describe('CSAT', () => {
  async function enableCsat(config: Record<string, unknown> = {}) {
    const res = await fx.agent('/inboxes/1', { method: 'PATCH', body: { csat_survey_enabled: true, csat_config: config } });
    expect(res.status).toBe(200);
  }

  it('sends the survey once when the visitor ends the conversation', async () => {
    await enableCsat({ message: 'How did we do?', display_type: 'star' });
    const visitor = await fx.visit();
    await sendMessage(fx, visitor, 'thanks, bye');
    const events = fx.listen(visitor.pubsubToken);
    await fx.widget('/conversations/toggle_status', visitor);
    await fx.widget('/conversations/toggle_status', visitor);
    expect(events.map((e) => e.event)).toEqual(['conversation.status_changed', 'message.created']);
    const survey = events[1].data as Record<string, unknown>;
    expect(survey).toMatchObject({
      content: 'How did we do?',
      content_type: 'input_csat',
      message_type: 3,
      content_attributes: { display_type: 'star' },
      sender_type: null,
    });
    expect(survey).not.toHaveProperty('sender');
  });

  it('sends it on every resolution by an agent, with the default text, and never when disabled', async () => {
    const visitor = await fx.visit();
    await sendMessage(fx, visitor, 'hi');
    const events = fx.listen(visitor.pubsubToken);
    const toggle = (status: string) => fx.agent('/conversations/1/toggle_status', { method: 'POST', body: { status } });
    await toggle('resolved');
    expect(events.filter((e) => e.event === 'message.created')).toEqual([]);
    await toggle('open');
    await enableCsat();
    await toggle('resolved');
    await toggle('resolved');
    await toggle('open');
    await toggle('resolved');
    const surveys = events.filter((e) => e.event === 'message.created').map((e) => e.data as Record<string, unknown>);
    expect(surveys).toHaveLength(2);
    expect(surveys[0]).toMatchObject({ content: 'Please rate the conversation', content_attributes: { display_type: 'emoji' } });
  });

  it('stores the rating, lets the visitor change it, and shows it to agents', async () => {
    await enableCsat();
    const visitor = await fx.visit();
    await sendMessage(fx, visitor, 'hi');
    const events = fx.listen(visitor.pubsubToken);
    await fx.widget('/conversations/toggle_status', visitor);
    const surveyId = (events.find((e) => e.event === 'message.created')!.data as { id: number }).id;
    for (const rating of [0, 6, 2.5, '5', null]) {
      const res = await answer(visitor, surveyId, { message: { submitted_values: { csat_survey_response: { rating } } } });
      expect(res.status).toBe(422);
    }
    await answer(visitor, surveyId, { message: { submitted_values: { csat_survey_response: { rating: 2 } } } });
    const res = await answer(visitor, surveyId, {
      message: { submitted_values: { csat_survey_response: { rating: 4, feedback_message: 'Quick, thanks' } } },
    });
    expect(res.status).toBe(200);
    expect(events.at(-1)).toMatchObject({
      event: 'message.updated',
      data: {
        content_attributes: {
          submitted_values: { csat_survey_response: { rating: 4, feedback_message: 'Quick, thanks' } },
        },
      },
    });
    const list = await (await fx.agent('/csat_survey_responses')).json();
    expect(list).toEqual([
      {
        id: expect.any(Number),
        rating: 4,
        feedback_message: 'Quick, thanks',
        account_id: 1,
        message_id: surveyId,
        conversation_id: 1,
        contact: expect.objectContaining({ type: 'contact' }),
        assigned_agent: null,
        created_at: expect.any(String),
        updated_at: expect.any(String),
      },
    ]);
    expect((await fx.request('/api/v1/accounts/1/csat_survey_responses')).status).toBe(401);
  });
});
