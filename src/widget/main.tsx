/**
 * The widget entry: reads the configuration `/widget` rendered, wires state to the API, the
 * cable and the host page, and renders the shell. Everything not needed for the first paint
 * is a lazy chunk loaded through `lib/loadChunk`.
 */
// First: the first paint's stylesheet, adopted before any module runs that adopts its own.
import './boot/styles';
import { createRoot } from 'react-dom/client';
import { createApiClient } from './api';
import { readBootConfig } from './boot/config';
import { createHostBridge } from './host/bridge';
import { hostActions } from './state/hostActions';
import { locale, setLocale } from './i18n';
import { createRouter } from './router';
import { createWidgetState } from './state/widget';
import { App } from './views/App';
import { WidgetContext } from './widgetContext';
import { effect } from '@preact/signals-react';
import { attachmentsChunk } from './chunks/attachments';
import { flowChunk } from './chunks/flow';
import { helpCentreChunk } from './chunks/helpCentre';
import { realtimeChunk } from './chunks/realtime';
import { unsentKeys } from './lib/unsentMessages';

const boot = readBootConfig();
const channel = boot.chatwootWebChannel;
const bridge = createHostBridge();
const router = createRouter();
const client = createApiClient({
  baseUrl: '',
  websiteToken: channel.websiteToken,
  getAuthToken: () => state.session.authToken.value,
  getLocale: () => locale.value,
});
const state = createWidgetState({
  boot,
  request: client.request,
  bridge,
  router,
  chunks: { conversation: flowChunk, attachments: attachmentsChunk, helpCentre: helpCentreChunk },
});

const languages = channel.enabledLanguages?.map((language) => language.iso_639_1_code);
// Outside an iframe (popout, direct visit) there is no host to send `config-set`: the address says
// the locale, and whether the opener may keep nothing (docs/protocol.md#popout; no frame's has it).
const address = new URLSearchParams(location.search);
if (address.get('storage') === 'session') state.app.update({ storage: 'session' });
setLocale((!bridge.inIframe && address.get('locale')) || channel.locale, languages?.length ? languages : undefined).catch(() => undefined);

// No socket until there is something to hear: a conversation, or an open window (presence);
// none while the chat is off (declined).
let realtime: Promise<{ stop(): void } | undefined> | undefined;
effect(() => {
  if (realtime || state.app.chatOff.value || (state.conversation.id.value === undefined && !state.app.isWidgetOpen.value)) return;
  realtime = realtimeChunk.load().then(
    ({ connectRealtime }) => connectRealtime(state),
    () => {
      realtime = undefined;
      state.session.setConnectionLost(true);
      return undefined;
    },
  );
});
// The site withdrew consent: the socket ends with it (docs/behaviour.md#consent).
state.forgets.push(() => {
  realtime?.then((cable) => cable?.stop());
  realtime = undefined;
});

bridge.listen(hostActions(state));
// The first screen's data travels with the page (docs/protocol.md#the-data-block): the first paint
// shows home or the conversation without a request. A page built from Chatwoot's config
// (gateway mode) carries none, and the widget asks the API.
if (boot.initialData) state.hydrate(boot.initialData);
createRoot(document.getElementById('app')!).render(
  <WidgetContext.Provider value={state}>
    <App />
  </WidgetContext.Provider>,
);

const loaded = { authToken: boot.authToken, channelConfig: { ...channel } };
bridge.send('loaded', { config: loaded });
if (bridge.inNativeApp) {
  bridge.sendNative({ type: 'loaded', config: loaded });
  // Chatwoot's React Native wrapper listens for this but Chatwoot never sends it.
  bridge.sendNative({ type: 'auth-token', value: boot.authToken });
}
if (!boot.initialData) state.load();
// An earlier page of the site left messages unsent: the outbox shows them and sends them now. In a
// frame, asked once the loader has spoken: its `config-set` brings what it kept in the host page's
// storage, where a cross-site frame's messages wait (docs/behaviour.md#the-outbox-across-pages).
effect(() => {
  if (!state.app.openStateKnown.value) return;
  const { outbox } = state.app.settings.peek();
  if (outbox ? Object.keys(outbox).length : unsentKeys(channel.websiteToken).length) state.conversationFlow.load().catch(() => undefined);
});
