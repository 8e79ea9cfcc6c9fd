/**
 * The calls the site makes on the contact's and the conversation's custom attributes and labels
 * (docs/embedding.md#windowchatwoot), as data, like `endpoints.ts` but in a module of their own: only
 * the site-calls chunk (`state/siteCalls.ts`) makes them, and `endpoints.ts` ships with the first paint.
 */
import { api } from './endpoints';

/** Replaces the conversation's custom attributes. */
export const setConversationCustomAttributes = (customAttributes: Record<string, unknown>) =>
  api<void>('POST', '/conversations/set_custom_attributes', { custom_attributes: customAttributes });

export const deleteConversationCustomAttribute = (key: string) =>
  api<Record<string, unknown>>('POST', '/conversations/destroy_custom_attributes', { custom_attribute: [key] });

export const deleteContactCustomAttributes = (keys: string[]) =>
  api<Record<string, unknown>>('POST', '/contact/destroy_custom_attributes', { custom_attributes: keys });

export const addLabel = (label: string) => api<void>('POST', '/labels', { label });

export const removeLabel = (label: string) => api<void>('DELETE', `/labels/${encodeURIComponent(label)}`);
