/**
 * Labels (docs/protocol.md#application-api): `POST`/`GET /labels` for the account, `GET`/`POST
 * /conversations/:id/labels` (the POST replaces), and `POST /conversations/:id/custom_attributes`.
 * Titles follow Chatwoot: lower-cased letters, digits, `-` and `_`, unique in the account.
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import type { AppDeps, AppEnv } from '../../context';
import { ValidationError } from '../../lib/apiError';
import { conversationLabels, createLabel, listLabels, type Label } from '../../repositories/labels';
import { unlessTaken } from '../../repositories/uniqueness';
import { replaceCustomAttributes, replaceLabels } from '../../services/conversationUpdates';
import { readBody, readJson, schemas } from '../body';
import { conversationParam } from './conversations';

const TITLE = /^[\p{L}\p{N}_-]+$/u;

const CreateLabel = v.object({
  title: v.pipe(
    v.string(),
    v.trim(),
    v.toLowerCase(),
    v.minLength(1, "Title can't be blank"),
    v.maxLength(255),
    v.regex(TITLE, 'Title can only contain letters, numbers, hyphens and underscores'),
  ),
  description: schemas.optionalText(1024),
  color: v.optional(v.pipe(v.string(), v.regex(/^#[0-9a-fA-F]{6}$/, 'Color must be #rrggbb'))),
  show_on_sidebar: v.optional(v.boolean()),
});
const SetLabels = v.object({ labels: v.pipe(v.array(v.pipe(v.string(), v.trim(), v.toLowerCase(), v.maxLength(255))), v.maxLength(100)) });
const SetAttributes = v.object({ custom_attributes: schemas.attributes });

const labelJson = (label: Label) => ({
  id: label.id,
  title: label.title,
  description: label.description,
  color: label.color,
  show_on_sidebar: label.show_on_sidebar,
});

/** Label routes (mounted under `/api/v1/accounts/:a`). */
export function labelRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();

  app.get('/labels', async (c) => c.json({ payload: (await listLabels(deps.db, c.get('account').id)).map(labelJson) }));

  app.post('/labels', async (c) => {
    const body = await readJson(c);
    // Chatwoot nests the fields under `label`; flat bodies are accepted too.
    const fields = body && typeof body === 'object' && 'label' in body ? (body as { label: unknown }).label : body;
    const parsed = v.safeParse(CreateLabel, fields);
    if (!parsed.success) throw new ValidationError(parsed.issues[0].message, ['title']);
    const label = await unlessTaken(() => createLabel(deps.db, c.get('account').id, parsed.output));
    if (!label) throw new ValidationError('Title has already been taken', ['title']);
    return c.json(labelJson(label));
  });

  app.get('/conversations/:id/labels', async (c) => {
    const conversation = await conversationParam(deps, c);
    return c.json({ payload: await conversationLabels(deps.db, conversation.id) });
  });

  app.post('/conversations/:id/labels', async (c) => {
    const conversation = await conversationParam(deps, c);
    const { labels } = await readBody(c, SetLabels);
    const known = new Set((await listLabels(deps.db, conversation.account_id)).map((l) => l.title));
    const unknown = labels.find((title) => !known.has(title));
    if (unknown !== undefined) throw new ValidationError(`Label ${unknown} does not exist`, ['labels']);
    return c.json({ payload: (await replaceLabels(deps, conversation, labels)).labels });
  });

  app.post('/conversations/:id/custom_attributes', async (c) => {
    const conversation = await conversationParam(deps, c);
    const { custom_attributes: attributes } = await readBody(c, SetAttributes);
    return c.json({ custom_attributes: (await replaceCustomAttributes(deps, conversation, attributes)).conversation.custom_attributes });
  });

  return app;
}
