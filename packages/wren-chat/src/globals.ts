/**
 * Types for sites that keep the script snippet: `window.$chatwoot`, `window.chatwootSettings`,
 * `window.chatwootSDK` and the `chatwoot:*` events on `window`. Add
 * `/// <reference types="wren-chat/globals" />` to a file of the site, or `"wren-chat/globals"` to
 * `compilerOptions.types`.
 */
import type { HostApi, HostSettings } from '../../../src/shared/hostApi';
import type { HostEventDetail, HostEventName } from '../../../src/shared/hostApi';

/** A widget of the page, as `window.$chatwoot` and `chatwootSDK.run` give it. */
export interface ChatwootWidget extends HostApi {
  readonly websiteToken: string;
  readonly baseUrl: string;
  /** Whether the chat window is open. */
  readonly isOpen: boolean;
  /** Whether the chat frame has loaded. */
  readonly hasLoaded: boolean;
  readonly locale?: string;
}

/** A `chatwoot:*` event: its `detail`, and the widget it comes from. */
export interface ChatwootEvent<E extends HostEventName> extends CustomEvent<HostEventDetail[E]> {
  readonly chatwoot: ChatwootWidget;
}

type ChatwootEventMap = { [E in HostEventName]: ChatwootEvent<E> };

declare global {
  interface Window {
    chatwootSettings?: HostSettings;
    chatwootSDK?: {
      /** Starts the snippet's widget (`window.$chatwoot`), or with `settings` one more, and answers it. */
      run(options: { websiteToken: string; baseUrl: string; settings?: HostSettings }): ChatwootWidget;
    };
    $chatwoot?: ChatwootWidget;
  }
  interface WindowEventMap extends ChatwootEventMap {}
}
