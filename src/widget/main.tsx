/**
 * The widget entry: reads the configuration `/widget` rendered, wires state to the API, the
 * cable and the host page, and renders the shell. Everything not needed for the first paint
 * is a lazy chunk loaded through `lib/loadChunk`.
 */
import { createRoot } from 'react-dom/client';
import { createApiClient } from './api';
import { readBootConfig } from './boot/config';
import { createHostBridge } from './host/bridge';
import { hostActions } from './host/hostActions';
import { locale, setLocale } from './i18n';
import { createCable } from './realtime/actionCable';
import { createRealtimeDispatcher } from './realtime/events';
import { createRouter } from './router';
import { realtimeActions } from './state/realtimeActions';
import { createWidgetState } from './state/widget';
import { App } from './views/App';
import { WidgetContext } from './views/context';
import { CABLE_PATH } from '../shared/cable';
import './styles/widget.css';

const boot = readBootConfig();
const channel = boot.chatwootWebChannel;
const bridge = createHostBridge();
const router = createRouter();
const client = createApiClient({
  baseUrl: '',
  websiteToken: channel.websiteToken,
  getAuthToken: () => state.authToken.value,
  getLocale: () => locale.value,
});
const state = createWidgetState({ boot, request: (endpoint) => client.request(endpoint), bridge, router });

const languages = channel.enabledLanguages?.map((language) => language.iso_639_1_code);
// Outside an iframe (popout, direct visit) there is no host to send `config-set`: the address says.
const requestedLocale = bridge.inIframe ? undefined : new URLSearchParams(location.search).get('locale') ?? undefined;
setLocale(requestedLocale ?? channel.locale, languages?.length ? languages : undefined).catch(() => undefined);

const cable = createCable({
  url: `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${CABLE_PATH}`,
  pubsubToken: boot.chatwootPubsubToken,
  onEvent: createRealtimeDispatcher(realtimeActions(state, (token) => cable.setPubsubToken(token))),
  onDisconnected: () => (state.connectionLost.value = true),
  onReconnected() {
    state.connectionLost.value = false;
    // Whatever arrived while the socket was down: fetch everything after the newest message.
    state.messages.fetchMissed().catch(() => undefined);
    state.conversation.fetch().catch(() => undefined);
  },
});
cable.start();

bridge.listen(hostActions(state));
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
state.load();
