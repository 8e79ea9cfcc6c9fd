/**
 * Sending's calls, as data, like `endpoints.ts` but in a module of their own: only the realtime
 * chunk's outbox and conversation flow make them, and `endpoints.ts` ships with the first paint.
 * A file's is apart (`attachmentEndpoints.ts`), with the attachments chunk that sends it.
 */
import type { CreatedMessage } from '../../shared/types';
import { api } from './endpoints';

export const sendMessage = (message: {
  content: string;
  echo_id: string;
  timestamp: string;
  referer_url: string;
  reply_to?: number | null;
}) => api<CreatedMessage>('POST', '/messages', { message });

/** Emails the transcript. docs/protocol.md#widget-api sends `email`; Chatwoot uses the contact's stored one. */
export const requestTranscript = (email?: string) => api<void>('POST', '/conversations/transcript', email ? { email } : {});
