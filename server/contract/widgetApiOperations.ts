/**
 * What each widget API route takes and answers (docs/protocol.md#widget-api), for the OpenAPI
 * document: request bodies are the schemas the reference server's routes validate with, answers
 * the shapes of `widgetApiShapes.ts`. One entry per route of `WIDGET_API_ROUTES`
 * (tests/server/contract/openApi.test.ts holds the two lists together).
 */
import * as v from 'valibot';
import { CreateConversation, ToggleTyping } from '../routes/widgetApi/conversations';
import { AddLabel, DestroyAttributes as DestroyConversationAttributes, SetAttributes } from '../routes/widgetApi/conversationAttributes';
import { DestroyAttributes as DestroyContactAttributes, SetUser, UpdateContact } from '../routes/widgetApi/contact';
import { WidgetEvent } from '../routes/widgetApi/inboxInfo';
import { JoinMeeting } from '../routes/widgetApi/integrations';
import { Answer } from '../routes/widgetApi/messageResponses';
import { CreateMessage } from '../routes/widgetApi/messages';
import { TranscriptRequest } from '../routes/widgetApi/transcript';
import type { RouteMethod } from './widgetApiRoutes';
import {
  Attributes,
  Campaigns,
  ContactRecord,
  ConversationRecord,
  CreatedConversation,
  CreatedMessage,
  CurrentConversation,
  IdentifiedContact,
  InboxMembers,
  MessageAnswered,
  MessagesPage,
  UpdatedContact,
  WidgetConfig,
  WidgetContact,
} from './widgetApiShapes';

/** Who may call: the visitor's `X-Auth-Token` is needed, may be sent, or is not read. */
export type Caller = 'visitor' | 'anyone-or-visitor' | 'anyone';

export interface Answered {
  description: string;
  /** The JSON body; none for an empty answer. */
  body?: v.GenericSchema;
}

export interface Operation {
  method: RouteMethod;
  /** The route's Hono pattern (`WIDGET_API_ROUTES`). */
  path: string;
  summary: string;
  description?: string;
  caller: Caller;
  query?: { name: string; description: string }[];
  /** The JSON body the route validates. */
  body?: v.GenericSchema;
  /** A multipart body instead (or as well): its fields. */
  multipart?: v.GenericSchema;
  /** Success answers by status; every other status answers an error body. */
  answers: Record<number, Answered>;
  /** What is Wren's own about this operation, when something is. */
  wren?: string;
}

const widget = '/api/v1/widget';
const empty = (description: string): Answered => ({ description });

/** `POST /messages` as a form: the attachments and the message's other fields. */
const AttachmentsForm = v.object({
  'message[attachments][]': v.pipe(v.array(v.string()), v.minLength(1), v.maxLength(15), v.metadata({ description: 'Files (1 to 15)' })),
  'message[content]': v.optional(v.string()),
  'message[referer_url]': v.optional(v.string()),
  'message[timestamp]': v.optional(v.string()),
  'message[reply_to]': v.optional(v.string()),
  'message[echo_id]': v.optional(v.pipe(v.string(), v.metadata({ 'x-wren': true, description: 'Makes a retried upload idempotent' }))),
});

/** `PATCH /messages/{id}`, which Chatwoot's routes answer to PUT as well. */
const answerMessage = {
  path: `${widget}/messages/:id`,
  summary: "Answer a bot's message: an e-mail, a form, a choice, a rating",
  caller: 'visitor',
  body: Answer,
  answers: { 200: { description: 'The contact after an e-mail answer, else `{}`', body: MessageAnswered } },
} satisfies Omit<Operation, 'method'>;

export const WIDGET_API_OPERATIONS: readonly Operation[] = [
  {
    method: 'GET',
    path: `${widget}/conversations`,
    summary: "The visitor's conversation",
    description: 'The most recent conversation of the visitor in this inbox, or `{}` without one.',
    caller: 'visitor',
    answers: { 200: { description: 'The conversation, or `{}`', body: CurrentConversation } },
  },
  {
    method: 'POST',
    path: `${widget}/conversations`,
    summary: 'Start a conversation with a first message',
    caller: 'visitor',
    body: CreateConversation,
    answers: { 200: { description: 'The conversation with its first message and the contact', body: CreatedConversation } },
  },
  {
    method: 'POST',
    path: `${widget}/conversations/update_last_seen`,
    summary: "Mark the conversation read (the server's clock decides)",
    caller: 'visitor',
    answers: { 200: empty('Marked') },
  },
  {
    method: 'POST',
    path: `${widget}/conversations/toggle_typing`,
    summary: 'The visitor is typing, or stopped',
    caller: 'visitor',
    body: ToggleTyping,
    answers: { 200: empty('Told to the agents') },
  },
  {
    method: 'GET',
    path: `${widget}/conversations/toggle_status`,
    summary: 'Resolve the conversation (End Conversation)',
    caller: 'visitor',
    answers: { 200: empty('Resolved') },
  },
  {
    method: 'POST',
    path: `${widget}/conversations/set_custom_attributes`,
    summary: "Replace the conversation's custom attributes",
    caller: 'visitor',
    body: SetAttributes,
    answers: { 204: empty('Replaced') },
  },
  {
    method: 'POST',
    path: `${widget}/conversations/destroy_custom_attributes`,
    summary: "Remove custom attributes of the conversation's",
    caller: 'visitor',
    body: DestroyConversationAttributes,
    answers: { 200: { description: 'The conversation, as Chatwoot renders it', body: ConversationRecord } },
  },
  {
    method: 'POST',
    path: `${widget}/labels`,
    summary: 'Label the conversation',
    caller: 'visitor',
    body: AddLabel,
    answers: { 204: empty('Labelled') },
    wren: 'A label the account does not have is 422 (Chatwoot answers 204 and does nothing).',
  },
  {
    method: 'DELETE',
    path: `${widget}/labels/:label`,
    summary: 'Remove a label from the conversation',
    caller: 'visitor',
    answers: { 204: empty('Removed') },
  },
  {
    method: 'GET',
    path: `${widget}/messages`,
    summary: 'A page of the conversation',
    description: 'The latest 20 messages, 20 before `before`, up to 100 after `after`, up to 1000 between both; oldest first.',
    caller: 'visitor',
    query: [
      { name: 'before', description: 'A message id: the page before it' },
      { name: 'after', description: 'A message id: what came after it' },
    ],
    answers: { 200: { description: 'The page', body: MessagesPage } },
  },
  {
    method: 'POST',
    path: `${widget}/messages`,
    summary: 'Send a message, or attachments (a form); starts a conversation when there is none',
    caller: 'visitor',
    body: CreateMessage,
    multipart: AttachmentsForm,
    answers: { 200: { description: 'The stored message', body: CreatedMessage } },
    wren: 'A message with an `echo_id` the conversation has already is answered with the stored one, not stored again.',
  },
  { method: 'PATCH', ...answerMessage },
  { method: 'PUT', ...answerMessage, summary: `${answerMessage.summary} (PUT, as PATCH)` },
  {
    method: 'POST',
    path: `${widget}/conversations/transcript`,
    summary: 'E-mail the transcript',
    caller: 'visitor',
    body: TranscriptRequest,
    answers: { 200: empty('Sent') },
    wren: "`email`: the address to send to when the contact has none (Chatwoot uses the contact's stored one only).",
  },
  {
    method: 'GET',
    path: `${widget}/contact`,
    summary: 'What is known of the visitor',
    caller: 'visitor',
    answers: { 200: { description: 'The contact', body: WidgetContact } },
  },
  {
    method: 'PATCH',
    path: `${widget}/contact`,
    summary: "Update the visitor's details and attributes",
    caller: 'visitor',
    body: UpdateContact,
    answers: { 200: { description: 'The contact', body: UpdatedContact } },
  },
  {
    method: 'PATCH',
    path: `${widget}/contact/set_user`,
    summary: 'Identify the visitor (`$chatwoot.setUser`)',
    caller: 'visitor',
    body: SetUser,
    answers: { 200: { description: "The contact; a new visitor's token when the session moved", body: IdentifiedContact } },
  },
  {
    method: 'POST',
    path: `${widget}/contact/destroy_custom_attributes`,
    summary: "Remove custom attributes of the contact's",
    caller: 'visitor',
    body: DestroyContactAttributes,
    answers: { 200: { description: 'The contact, as the Application API shows it', body: ContactRecord } },
  },
  {
    method: 'GET',
    path: `${widget}/inbox_members`,
    summary: "The inbox's agents and whether they are online",
    caller: 'anyone',
    answers: { 200: { description: 'The agents', body: InboxMembers } },
  },
  {
    method: 'GET',
    path: `${widget}/campaigns`,
    summary: "The inbox's campaigns",
    description: 'Asked by the loader from the host page: no credentials, any origin, cacheable for 60 s.',
    caller: 'anyone',
    answers: { 200: { description: 'The enabled campaigns', body: Campaigns } },
  },
  {
    method: 'POST',
    path: `${widget}/events`,
    summary: 'Record an event (`webwidget.triggered`, `campaign.triggered`…)',
    caller: 'visitor',
    body: WidgetEvent,
    answers: { 204: empty('Recorded') },
  },
  {
    method: 'POST',
    path: `${widget}/integrations/dyte/add_participant_to_meeting`,
    summary: "Join a Dyte video call: Dyte's participant",
    caller: 'visitor',
    body: JoinMeeting,
    answers: { 200: { description: "Dyte's participant data", body: Attributes } },
  },
  {
    method: 'POST',
    path: `${widget}/config`,
    summary: "The widget page's data as JSON (Chatwoot's mobile SDKs; Wren's gateway)",
    caller: 'anyone-or-visitor',
    answers: { 200: { description: 'The inbox, the visitor and the installation', body: WidgetConfig } },
  },
];
