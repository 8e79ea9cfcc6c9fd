/**
 * The transcript's call, as data, like `endpoints.ts` but in a module of its own: only the
 * conversation's flow (the flow chunk) makes it, for the resolved footer, and `endpoints.ts`
 * ships with the first paint.
 */
import { api } from './endpoints';

/** Emails the transcript. docs/protocol.md#widget-api sends `email`; Chatwoot uses the contact's stored one. */
export const requestTranscript = (email?: string) => api<void>('POST', '/conversations/transcript', email ? { email } : {});
