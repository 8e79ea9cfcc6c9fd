// What the declarations must refuse (each line below fails to compile without its @ts-expect-error,
// so tsc passing proves the types are strict), and the snippet's globals.
/// <reference types="wren-chat/globals" />
import { loadWren } from 'wren-chat';

const widget = loadWren({ baseUrl: 'https://chat.example', websiteToken: 't', darkMode: 'auto' });
widget.on('chatwoot:unread-count', (count) => count.toFixed());
widget.on('chatwoot:conversation-resolved', ({ conversationId }) => conversationId + 1);
// @ts-expect-error: the unread count is a number
widget.on('chatwoot:unread-count', (count: string) => count);
// @ts-expect-error: there is no such event
widget.on('chatwoot:closing', () => undefined);
// @ts-expect-error: there is no such method
widget.openChat();
// @ts-expect-error: setUser takes a user object
widget.setUser('u-1', 'Ana');
// @ts-expect-error: a widget needs its inbox's website token
loadWren({ baseUrl: 'https://chat.example' });
// @ts-expect-error: position is left or right
loadWren({ baseUrl: 'https://chat.example', websiteToken: 't', position: 'top' });

// A site that keeps the snippet: window.$chatwoot and the events on window.
window.chatwootSettings = { position: 'left', locale: 'fr' };
window.$chatwoot?.toggle('open');
addEventListener('chatwoot:on-message', (event) => event.detail.content?.trim() ?? event.chatwoot.websiteToken);
// @ts-expect-error: toggle takes "open" or "close"
window.$chatwoot?.toggle('sideways');
