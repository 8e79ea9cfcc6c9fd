/**
 * The body of `POST /api/v1/accounts/:a/conversations/:id/messages` (docs/protocol.md#application-api): JSON, or
 * multipart with `attachments[]` files and the other fields as text. Wren extension: a JSON
 * `attachments` array may describe a shared location or URL, so bots (and tests) can send the
 * widget's location and "has shared a url" bubbles without a file.
 */
import type { Context } from 'hono';
import * as v from 'valibot';
import { httpUrl } from '../../../src/shared/contentAttributes';
import { MAX_ECHO_ID_LENGTH } from '../../../src/shared/limits';
import { MESSAGE_TYPE, type MessageType } from '../../../src/shared/types';
import type { AppDeps, AppEnv } from '../../context';
import { ApiError, ValidationError } from '../../lib/apiError';
import type { NewAttachment } from '../../repositories/attachments';
import { findMessage } from '../../repositories/messages';
import type { Conversation } from '../../repositories/conversations';
import type { AgentMessageInput } from '../../services/agentActions';
import { storedAttachments } from '../../services/attachments';
import { AGENT_CONTENT_TYPES, checkContentAttributes, parseContentAttributes } from '../../services/messageContent';
import { isMultipart, MAX_ATTACHMENTS, readUploadForm, type UploadForm } from '../../uploads/uploadForm';
import { readJson, schemas, validate } from '../body';

const title = v.optional(v.nullable(v.pipe(v.string(), v.maxLength(255))));

const JsonAttachment = v.variant('file_type', [
  v.object({
    file_type: v.literal('location'),
    fallback_title: title,
    data_url: v.optional(v.nullable(httpUrl)),
    coordinates_lat: v.pipe(v.number(), v.minValue(-90), v.maxValue(90)),
    coordinates_long: v.pipe(v.number(), v.minValue(-180), v.maxValue(180)),
  }),
  v.object({ file_type: v.literal('fallback'), data_url: httpUrl, fallback_title: title }),
]);

const CreateMessage = v.object({
  content: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(150_000)))),
  message_type: v.optional(v.union([v.picklist(['outgoing', 'incoming', 'activity', 'template']), v.picklist([0, 1, 2, 3])])),
  private: v.optional(v.boolean()),
  content_type: v.optional(v.picklist(AGENT_CONTENT_TYPES)),
  content_attributes: v.optional(v.unknown()),
  echo_id: schemas.optionalText(MAX_ECHO_ID_LENGTH),
  attachments: v.optional(v.pipe(v.array(JsonAttachment), v.maxLength(MAX_ATTACHMENTS))),
});

type Body = v.InferOutput<typeof CreateMessage>;

const TYPE_BY_NAME = { incoming: 0, outgoing: 1, activity: 2, template: 3 } as const;

function jsonAttachment(attachment: v.InferOutput<typeof JsonAttachment>): NewAttachment {
  if (attachment.file_type === 'fallback') {
    return { file_type: 'fallback', external_url: attachment.data_url, fallback_title: attachment.fallback_title ?? attachment.data_url };
  }
  const { coordinates_lat: lat, coordinates_long: long } = attachment;
  return {
    file_type: 'location',
    coordinates_lat: lat,
    coordinates_long: long,
    fallback_title: attachment.fallback_title ?? '',
    external_url: attachment.data_url ?? `https://www.openstreetmap.org/?mlat=${lat}&mlon=${long}#map=16/${lat}/${long}`,
  };
}

/** Multipart text fields as the JSON body would carry them. */
function fieldsToBody(fields: [string, string][]): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [name, value] of fields) {
    if (name === 'private') body.private = value === 'true' || value === '1';
    else if (name === 'message_type') body.message_type = /^\d$/.test(value) ? Number(value) : value;
    else if (['content', 'content_type', 'content_attributes', 'echo_id'].includes(name)) body[name] = value;
    else if (name !== 'attachments[]') throw new ApiError(422, `Unknown field ${name}`);
  }
  return body;
}

async function checkBody(conversation: Conversation, deps: AppDeps, body: Body, files: number): Promise<AgentMessageInput> {
  const messageType: MessageType =
    typeof body.message_type === 'string' ? TYPE_BY_NAME[body.message_type] : (body.message_type ?? MESSAGE_TYPE.outgoing);
  if (messageType === MESSAGE_TYPE.incoming) throw new ApiError(422, 'Incoming messages are only allowed in Api inboxes');
  const contentType = body.content_type ?? 'text';
  const content = body.content ?? null;
  const attachments = (body.attachments ?? []).map(jsonAttachment);
  if (contentType === 'text' && !content?.trim() && files + attachments.length === 0) {
    throw new ValidationError("Content can't be blank", ['content']);
  }
  const contentAttributes = checkContentAttributes(contentType, parseContentAttributes(body.content_attributes));
  const inReplyTo = contentAttributes.in_reply_to;
  if (inReplyTo !== undefined && inReplyTo !== null) {
    // A quote must point into the same conversation; anything else would leak another thread.
    const id = typeof inReplyTo === 'number' || (typeof inReplyTo === 'string' && /^\d{1,15}$/.test(inReplyTo)) ? Number(inReplyTo) : NaN;
    if (!Number.isInteger(id) || !(await findMessage(deps.db, conversation.id, id))) {
      throw new ValidationError('In reply to must be a message of this conversation', ['in_reply_to']);
    }
    contentAttributes.in_reply_to = id;
  }
  return {
    content,
    message_type: messageType,
    private: body.private ?? false,
    content_type: contentType,
    content_attributes: contentAttributes,
    echo_id: body.echo_id ?? null,
    attachments,
  };
}

/**
 * Reads and checks the create-message body. With multipart, `upload` holds the stored files:
 * the caller commits them (already referenced by `input.attachments`) or discards them.
 */
export async function readAgentMessage(
  deps: AppDeps,
  c: Context<AppEnv>,
  conversation: Conversation,
): Promise<{ input: AgentMessageInput; upload?: UploadForm }> {
  if (!isMultipart(c)) return { input: await checkBody(conversation, deps, validate(CreateMessage, await readJson(c)), 0) };
  const upload = await readUploadForm(c, deps.config, 'attachments[]');
  try {
    const body = validate(CreateMessage, fieldsToBody(upload.fields));
    const input = await checkBody(conversation, deps, body, upload.files.length);
    input.attachments = [...storedAttachments(upload.files), ...(input.attachments ?? [])];
    return { input, upload };
  } catch (error) {
    await upload.discard();
    throw error;
  }
}
