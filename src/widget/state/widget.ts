import { batch, computed, effect, signal, type ReadonlySignal } from '@preact/signals-react';
import type { WidgetBootConfig, WidgetInitialData } from '../../shared/types';
import { openPopout } from '../../shared/popout';
import { HOST_WINDOW_EVENTS } from '../../shared/protocol';
import type { HostBridge } from '../host/bridge';
import type { Router } from '../router';
import * as endpoints from '../api/endpoints';
import { fromChunk, type LoadOnce } from '../lib/loadOnce';
import { settingsAllowStorage } from '../lib/frameStorage';
import type { HostCall, Request } from './request';
import { createSessionModel } from './session';
import { createAgentsModel } from './agents';
import { createAppConfig } from './appConfig';
import { createConversationModel } from './conversation';
import { createMessagesModel } from './messages';
import { createComposerModel } from './composer';
import { createContactModel } from './contact';
import type { createConversationFlow, FlowDeps } from './conversationFlow';
import type { createOutgoingFiles } from './outgoingFiles';
import type { createArticlesModel } from './articles';
import { createCampaignsModel } from './campaigns';
import { createPrompts } from './prompts';
import { unreadMessages } from './messageMerge';
import { locale } from '../i18n';
import { isInBusinessHours } from '../../shared/availability';
import { isTeamAvailable } from '../../shared/teamAvailability';

export interface WidgetDeps {
  boot: WidgetBootConfig;
  request: Request;
  bridge: HostBridge;
  router: Router;
  chunks: LazyModelChunks;
}

/**
 * The lazy chunks the lazy models are made from, as main.tsx hands them in (`chunks/`): the
 * chunks carry the views that read this state, so state importing their loaders would close a loop.
 */
export interface LazyModelChunks {
  /** The conversation's flow and its sending (`conversationFlow.ts`, `outbox.ts`): the flow chunk. */
  conversation: LoadOnce<{ createConversationFlow: typeof createConversationFlow }>;
  /** The rules a picked file passes and its upload (`outgoingFiles.ts`): the attachments chunk. */
  attachments: LoadOnce<{ createOutgoingFiles: typeof createOutgoingFiles }>;
  /** Home's popular articles (`articles.ts`): the help centre's chunk. */
  helpCentre: LoadOnce<{ createArticlesModel: typeof createArticlesModel }>;
}

/** How long the alert banner stays up (docs/behaviour.md#constants). */
export const BANNER_MS = 3_000;

/**
 * All widget state, one model per domain, wired together here and nowhere else. Views read
 * these signals and call these actions; they never talk to the API or the cable directly.
 */
export function createWidgetState({ boot, request, bridge, router, chunks }: WidgetDeps) {
  const channel = boot.chatwootWebChannel;
  const app = createAppConfig(!bridge.inIframe, channel);
  const hostCall: HostCall = (endpoint, errorType, handled) =>
    request(endpoint).catch((error: { body?: unknown; status?: number } | undefined) => {
      if (!handled?.(error ?? {})) bridge.send('error', { errorType, data: error?.body ?? String(error) });
      return undefined;
    });
  const session = createSessionModel({
    hostCall,
    bridge,
    authToken: boot.authToken,
    pubsubToken: boot.chatwootPubsubToken,
    // Another visitor: their history, not the last one's.
    onSwitch: () => {
      messages.clear();
      return state.load();
    },
  });
  const conversation = createConversationModel(request);
  const messages = createMessagesModel(request);
  const agents = createAgentsModel(request);
  const contact = createContactModel(request);
  const composer = createComposerModel(request, () => conversation.id.value !== undefined);
  const banner = signal<{ message: string; type: 'error' | 'success' } | null>(null);
  let bannerTimer: ReturnType<typeof setTimeout> | undefined;

  // Minute resolution is all the availability lines need; views read it, so it also re-renders them.
  const clock = signal(new Date());
  setInterval(() => (clock.value = new Date()), 60_000);
  // Campaigns ask about the hours alone (docs/behaviour.md#campaigns); the header, home and the host about the team.
  const inBusinessHours = computed(() => isInBusinessHours(channel, clock.value));
  const isOnline = computed(() => isTeamAvailable(channel, agents.online.value.length > 0, clock.value));
  const unread = computed(() => unreadMessages(messages.list.value, conversation.lastSeenAt.value));
  const hasMessages = computed(() => messages.list.value.length > 0);
  const ready = signal(false);
  const referrer = () => app.referrerURL.value || document.referrer || location.href;
  const campaigns = createCampaignsModel(request, () => bridge.inIframe && !app.isWidgetOpen.value && !hasMessages.value);

  /** Emits a `chatwoot:*` event on the host window (docs/protocol.md#widget-to-host `onEvent`). */
  const emitHost = (eventIdentifier: string, data: unknown) => bridge.send('onEvent', { eventIdentifier, data });
  /** The files the visitor picked, waiting for their send: made with the first file, from its chunk. */
  const outgoingFiles = fromChunk(chunks.attachments, (code) =>
    code.createOutgoingFiles({ rules: channel.fileRules, refuse: (message) => state.showBanner(message) }),
  );
  /** What the conversation's flow (`conversationFlow`, a lazy model) works with. */
  const flowDeps: FlowDeps = {
    request,
    messages,
    conversation,
    composer,
    contact,
    referrer,
    emitHost,
    postback: (payload) => bridge.send('postback', { data: { payload } }),
    connectionLost: session.connectionLost,
    websiteToken: channel.websiteToken,
    // The widget keeps unsent messages for the next page of the site (docs/behaviour.md#the-outbox-across-pages),
    // only where it may store at all (docs/behaviour.md#consent).
    storageAllowed: computed(() => settingsAllowStorage(app.settings.value)),
    hostOutbox: { kept: () => app.settings.peek().outbox, keep: (key, value) => bridge.send('outbox', { key, value }) },
    session,
    outgoingFiles,
  };
  /**
   * What the visitor does in the conversation: made from its chunk, fetched on their intent to act
   * there (`chunks/flow.ts`). Until then the conversation view shows the history and the composer;
   * views act through its actions (`conversationActions.ts`), which wait for it.
   */
  const conversationFlow = fromChunk(chunks.conversation, (code) => code.createConversationFlow(flowDeps));
  /** Home's popular articles, kept for the session: made when home first shows an inbox's portal. */
  const articles = fromChunk(chunks.helpCentre, (code) => code.createArticlesModel(request));
  const prompts = createPrompts({
    app,
    bridge,
    router,
    campaigns,
    unread,
    // In an iframe the host answers `loaded` with whether the window is open: the prompts over
    // the page wait for that as well as for the data, which may come with the page.
    ready: computed(() => ready.value && app.openStateKnown.value),
    referrer,
    preChatFormEnabled: channel.preChatFormEnabled,
    afterCampaign: () => {
      conversation.fetch().catch(() => undefined);
      messages.fetchMissed().catch(() => undefined);
    },
  });

  const state = {
    channel,
    globalConfig: boot.globalConfig,
    app,
    conversation,
    messages,
    agents,
    contact,
    composer,
    flowDeps,
    conversationFlow,
    articles,
    campaigns,
    session,
    ...prompts,
    ready: ready as ReadonlySignal<boolean>,
    /**
     * What the site's withdrawal of consent (`setConsent(false)`, docs/behaviour.md#consent) ends
     * or deletes besides the frame's storage keys and databases, which go by name
     * (`siteCalls.ts`): the socket (main.tsx), the persistent outbox's open database. Each part
     * that keeps something adds itself.
     */
    forgets: [] as (() => unknown)[],
    /**
     * False, or the first screen's data came with the page (`hydrate`), not from the API, and
     * this is how to fill the gap between it and the socket (`WidgetInitialData.catchUp`).
     */
    loadedFromPage: false as false | WidgetInitialData['catchUp'],
    banner: banner as ReadonlySignal<{ message: string; type: 'error' | 'success' } | null>,
    clock: clock as ReadonlySignal<Date>,
    inBusinessHours,
    isOnline,
    unread,
    hasMessages,
    router,
    bridge,
    request,
    /** A call the site made: its failure is an error event the site hears (`chatwoot:error`). */
    hostCall,

    /** Shows the alert banner for 3 s (error by default). */
    showBanner(message: string, type: 'error' | 'success' = 'error') {
      clearTimeout(bannerTimer);
      banner.value = { message, type };
      bannerTimer = setTimeout(() => (banner.value = null), BANNER_MS);
    },

    /**
     * The first screen's data as the page carried it (docs/protocol.md#the-data-block): what `load`
     * fetches, without a request, so the first paint already shows home or the conversation.
     */
    hydrate(data: WidgetInitialData) {
      batch(() => {
        conversation.apply(data.conversation);
        messages.applyLatest(data.messages);
        agents.apply(data.inboxMembers);
        contact.apply(data.contact);
        ready.value = true;
      });
      state.loadedFromPage = data.catchUp;
      if (bridge.inIframe) campaigns.apply(data.campaigns);
    },

    /** Loads what the first screen needs; failures leave an empty but usable widget. */
    async load() {
      const campaignsLoaded = bridge.inIframe ? campaigns.fetch() : undefined;
      await Promise.allSettled([conversation.fetch(), messages.fetchLatest(), agents.fetch(), contact.fetch(), campaignsLoaded]);
      ready.value = true;
    },

    /** An event the host reports for the visitor (`webwidget.triggered` when the window opens). */
    pushEvent(name: string) {
      const eventInfo = { initiated_at: { timestamp: new Date().toString() }, referer: app.referrerURL.value };
      request(endpoints.createEvent(name, eventInfo)).catch(() => undefined);
    },

    /**
     * Home's call to action: the conversation, through the pre-chat form when the inbox has it on
     * and no conversation is going on. Which fields it asks is the form's business (it goes
     * straight on when it has none to ask, docs/behaviour.md#pre-chat-form), so the first paint
     * carries only this. While the team is away, an `email_form` inbox asks for name, e-mail and
     * message instead (`?away`: the pre-chat form's chunk, docs/behaviour.md#away-mode).
     */
    startConversation() {
      emitHost(HOST_WINDOW_EVENTS.onStartConversation, { hasConversation: hasMessages.value });
      const away = !hasMessages.value && channel.awayMode === 'email_form' && !isOnline.value;
      router.navigate(
        away || (channel.preChatFormEnabled && !hasMessages.value) ? '/prechat-form' : '/messages',
        away ? { away: '' } : undefined,
      );
    },

    /** Marks everything read when the visitor is looking at the conversation. */
    markSeen() {
      if (!conversation.id.value || unread.value.length === 0) return;
      // Never behind the newest message: a visitor clock running late must not leave it unread.
      const newest = messages.list.value.at(-1)?.created_at ?? 0;
      conversation.markSeen(Math.max(Math.floor(Date.now() / 1000), newest)).catch(() => undefined);
      bridge.send('handleNotificationDot', { unreadMessageCount: 0 });
    },

    /** The header's popout button: close the frame, continue in a window (docs/protocol.md#popout). */
    popout() {
      bridge.send('closeWindow', {});
      openPopout(location.origin, channel.websiteToken, locale.value, session.authToken.value, {
        storage: settingsAllowStorage(app.settings.value) ? 'persistent' : 'session',
      });
    },

    closeWindow() {
      bridge.send('closeWindow', {});
      if (bridge.inNativeApp) bridge.sendNative({ type: 'close-widget' });
    },
  };

  // Wren: the host hears when the visitor's conversation is resolved, by them or an agent; not
  // for one that was already resolved when the widget loaded it.
  let lastStatus: string | undefined;
  effect(() => {
    const status = conversation.status.value;
    if (status === 'resolved' && lastStatus && lastStatus !== 'resolved')
      emitHost(HOST_WINDOW_EVENTS.conversationResolved, { conversationId: conversation.id.peek() });
    lastStatus = status;
  });

  // The host learns whether anyone can answer as soon as the widget knows, and every change
  // after (`$chatwoot.isTeamAvailable`, docs/behaviour.md#away-mode).
  effect(() => {
    if (ready.value) bridge.send('team-availability', { available: isOnline.value });
  });

  // Reading the conversation while it is on screen marks it seen.
  effect(() => {
    if (app.isWidgetOpen.value && router.path.value === '/messages' && unread.value.length > 0) state.markSeen();
  });

  return state;
}

export type WidgetState = ReturnType<typeof createWidgetState>;
