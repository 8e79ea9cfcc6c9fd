import { effect, type ReadonlySignal } from '@preact/signals-react';
import type { HostBridge } from '../host/bridge';
import { isCompactRoute, type Router } from '../router';
import type { AppConfig } from './appConfig';
import type { CampaignsModel } from './campaigns';
import type { ChatMessage } from './chatMessage';

export interface PromptDeps {
  app: AppConfig;
  bridge: HostBridge;
  router: Router;
  campaigns: CampaignsModel;
  unread: ReadonlySignal<ChatMessage[]>;
  /** True once the conversation and its messages are known (unread cannot be judged before). */
  ready: ReadonlySignal<boolean>;
  referrer(): string;
  afterCampaign(): void;
  /**
   * The inbox has the pre-chat form on (docs/behaviour.md#pre-chat-form). A campaign shows only
   * while no conversation is going on, so a click on one always goes through it then.
   */
  preChatFormEnabled: boolean;
}

/**
 * The two prompts that reach a visitor while the chat is closed (docs/behaviour.md#unread): unread agent
 * messages and proactive campaigns. Both exist only inside an iframe on a host page, where
 * the host shrinks the frame to the prompt (`setUnreadMode`, `updateIframeHeight`).
 */
export function createPrompts({ app, bridge, router, campaigns, unread, ready, referrer, afterCampaign, preChatFormEnabled }: PromptDeps) {
  const closed = () => bridge.inIframe && !app.isWidgetOpen.value;

  // The launcher's dot counts unread messages while the window is closed.
  effect(() => {
    if (ready.value && closed()) bridge.send('handleNotificationDot', { unreadMessageCount: unread.value.length });
  });

  effect(() => {
    if (!ready.value || !closed() || isCompactRoute(router.path.peek())) return;
    if (unread.value.length > 0 && app.settings.value.showUnreadMessagesDialog) {
      router.navigate('/unread-messages');
      bridge.send('setUnreadMode', {});
    } else if (campaigns.active.value) {
      router.navigate('/campaigns');
      // Its own message: a site that turned the unread dialog off still gets its campaigns.
      bridge.send('setCampaignMode', {});
    }
  });

  // One close per prompt: the host toggles on each request, so a second one would reopen it.
  let closing = false;
  const close = () => {
    if (closing) return;
    closing = true;
    bridge.send('toggleBubble', {});
  };
  effect(() => {
    if (!isCompactRoute(router.path.value)) closing = false;
  });
  // A campaign withdrawn while its prompt shows (the conversation resolved) must not leave an
  // empty compact frame over the page.
  effect(() => {
    if (router.path.value === '/campaigns' && !campaigns.active.value) close();
  });

  function leavePrompt(to: '/messages' | '/prechat-form', query?: Record<string, string>) {
    router.navigate(to, query);
    bridge.send('resetUnreadMode', {});
  }

  return {
    /** 'See new messages' or a click on a previewed message: the full conversation. */
    openFromPrompt: () => leavePrompt('/messages'),
    /** 'Close': the host closes the frame and tells us (`toggle-open`), which marks them seen. */
    closePrompt: close,
    dismissCampaign() {
      bridge.send('setCampaignReadOn', {});
      close();
      campaigns.snooze();
    },
    /**
     * A campaign click starts the conversation with the campaign's message, through the
     * pre-chat form (its campaign variant) when the inbox asks for one; the form then calls
     * this again with the conversation attributes it asked for.
     */
    async openCampaign(customAttributes?: Record<string, unknown>) {
      if (!customAttributes && preChatFormEnabled) return leavePrompt('/prechat-form', { campaign: '' });
      leavePrompt('/messages');
      // Fetched even after a failure: a start whose answer was lost may have started it anyway.
      await campaigns.execute(referrer(), customAttributes);
      afterCampaign();
    },
    /** 'Try again' on a campaign whose conversation did not start (the conversation view says so). */
    async retryCampaign() {
      await campaigns.retry();
      afterCampaign();
    },
  };
}
