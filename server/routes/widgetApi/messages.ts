/**
 * `/api/v1/widget/messages` (docs/protocol.md#messages): the visitor's own conversation only, private
 * notes and activity messages filtered out. `POST` takes JSON, or multipart with attachments.
 */
import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import { MAX_ECHO_ID_LENGTH } from '../../../src/shared/limits';
import type { AppDeps, AppEnv } from '../../context';
import { ApiError } from '../../lib/apiError';
import { createdMessage } from '../../presenters/message';
import { visitorWrote } from '../../observability/activity';
import { storedAttachments } from '../../services/attachments';
import { visitorMessagesPage } from '../../services/visitorData';
import { checkContent, postIncomingMessage, type IncomingMessage } from '../../services/visitorMessages';
import { effectiveFileRules } from '../../uploads/fileTypes';
import { field, isMultipart, readUploadForm } from '../../uploads/uploadForm';
import { queryInt, readBody, schemas, validate } from '../body';
import { storedVisitor, visitorAuth, writingVisitor } from './auth';
import { messageResponseRoutes } from './messageResponses';
import { limitVisitorWrite } from './rateLimit';

const MessageFields = v.object({
  content: v.optional(v.nullable(v.string())),
  reply_to: v.optional(v.nullable(v.union([v.number(), v.string()]))),
  timestamp: v.optional(v.unknown()),
  referer_url: schemas.optionalText(2048),
  echo_id: schemas.optionalText(MAX_ECHO_ID_LENGTH),
});

export const CreateMessage = v.object({ message: MessageFields });

/**
 * `message[attachments][]` files plus `message[content|referer_url|timestamp|reply_to|echo_id]`,
 * under the inbox's file rules (docs/behaviour.md#file-rules): with attachments off, none.
 */
async function postAttachments(deps: AppDeps, c: Context<AppEnv>) {
  const inbox = c.get('inbox');
  if (!inbox.feature_flags.includes('attachments')) throw new ApiError(403, 'Attachments are turned off for this inbox');
  const rules = effectiveFileRules(inbox.file_rules, deps.config.maxUploadMb);
  const upload = await readUploadForm(c, deps.config, 'message[attachments][]', rules);
  try {
    if (upload.files.length === 0) {
      // A string here is an ActiveStorage signed blob id: only for DIRECT_UPLOADS_ENABLED servers.
      if (field(upload.fields, 'message[attachments][]') !== undefined)
        throw new ApiError(422, 'Direct uploads are not enabled on this server');
      throw new ApiError(422, 'No attachment received');
    }
    const text = (name: string) => field(upload.fields, `message[${name}]`);
    const fields = validate(MessageFields, {
      content: text('content'),
      reply_to: text('reply_to') || undefined,
      timestamp: text('timestamp'),
      referer_url: text('referer_url'),
      echo_id: text('echo_id') || undefined,
    });
    // A caption is optional, but a given one obeys the usual limits, before anything is stored.
    if (fields.content?.trim()) checkContent(fields.content);
    const visitor = await writingVisitor(deps, c);
    await upload.commit();
    const input: IncomingMessage = { ...fields, attachments: storedAttachments(upload.files) };
    const { view, created } = await postIncomingMessage(deps, visitor, input, { locale: c.req.query('locale') });
    visitorWrote(c, view, { created });
    // A retried upload (same echo_id) answers with the message stored the first time.
    if (!created) await upload.discard();
    return c.json(createdMessage(view));
  } catch (error) {
    await upload.discard();
    throw error;
  }
}

/** The widget's message routes (mounted under `/api/v1/widget`). */
export function widgetMessageRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  const auth = visitorAuth(deps);

  app.get('/messages', auth, async (c) => {
    const before = queryInt(c, 'before');
    const after = queryInt(c, 'after');
    return c.json(await visitorMessagesPage(deps.db, storedVisitor(c)?.contactInbox, { before, after }));
  });

  const uploadLimit = limitVisitorWrite(deps, 'uploadsPerVisitor', 'uploadsPerAddress');
  app.post(
    '/messages',
    auth,
    (c, next) => (isMultipart(c) ? uploadLimit(c, next) : next()),
    async (c) => {
      if (isMultipart(c)) return postAttachments(deps, c);
      const { message } = await readBody(c, CreateMessage);
      checkContent(message.content);
      const { view, created } = await postIncomingMessage(deps, await writingVisitor(deps, c), message, {
        locale: c.req.query('locale'),
      });
      visitorWrote(c, view, { created });
      return c.json(createdMessage(view));
    },
  );

  app.route('/', messageResponseRoutes(deps));
  return app;
}
