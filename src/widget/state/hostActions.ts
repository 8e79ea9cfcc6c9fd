import { locale as activeLocale, setLocale, t } from '../i18n';
import { isCompactRoute } from '../router';
import { closeAllLayers } from '../lib/escapeLayers';
import type { WidgetState } from './widget';
import type { HostHandlers } from '../host/bridge';
import { siteCallsChunk } from '../chunks/siteCalls';
import type * as SiteCalls from './siteCalls';

/**
 * What each host → widget message does (docs/protocol.md#host-to-widget): a table from host
 * event to model action. The models make the calls and report failures to the host.
 */
export function hostActions(state: WidgetState): HostHandlers {
  const { app, bridge, router, session, contact, conversation, channel } = state;
  const available = channel.enabledLanguages?.map((language) => language.iso_639_1_code);
  // The launcher follows the widget's language: its label, and (by the locale) its other strings.
  const applyLocale = async (locale?: string) => {
    await setLocale(locale, available?.length ? available : undefined).catch(() => undefined);
    bridge.send('setBubbleLabel', { label: t('CHAT_WITH_US'), locale: activeLocale.value });
  };

  /** A call of the site's the first paint never needs, from its own chunk; should that not load, the site hears it (`chatwoot:error`). */
  const siteCall = (call: (calls: typeof SiteCalls) => unknown) =>
    siteCallsChunk.load().then(call, (error: unknown) => bridge.send('error', { errorType: 'SITE_CALL_ERROR', data: String(error) }));

  // Calls on the conversation made before it exists (`setConversationCustomAttributes`,
  // `setLabel` on a first visit) wait for it instead of failing (docs/embedding.md#windowchatwoot).
  const waiting: (() => void)[] = [];
  const whenConversation = (call: () => void) => (conversation.id.value === undefined ? waiting.push(call) : call());
  conversation.id.subscribe((id) => {
    if (id !== undefined) for (const call of waiting.splice(0)) call();
  });

  // The frame loads on the launcher click, so the first open usually comes before the history:
  // what depends on the history waits for the first load (at once when it is done).
  const whenLoaded = (fn: () => void) => {
    const stop = state.ready.subscribe((ready) => {
      if (!ready) return;
      queueMicrotask(() => stop());
      fn();
    });
  };

  return {
    'config-set'(settings) {
      const { event, ...rest } = settings as typeof settings & { event?: string };
      app.update(rest);
      if (settings.campaignsSnoozedTill) state.campaigns.restoreSnooze(Number(settings.campaignsSnoozedTill) || 0);
      applyLocale(settings.locale);
    },
    'toggle-open'({ isOpen, focusVisible }) {
      // Whether a prompt was on screen before this message: the host's first answer (the window
      // is closed) may itself bring one up, which closing must not then take away.
      const onPrompt = isCompactRoute(router.path.value);
      app.setOpen(isOpen);
      // The host moved focus into the frame (the visitor used the launcher): put it on the
      // screen's main control rather than on the document, with a ring only after a key (the
      // frame saw no click, so browsers would always draw one).
      if (isOpen)
        requestAnimationFrame(
          () => document.hasFocus() && document.querySelector<HTMLElement>('[data-autofocus]')?.focus({ focusVisible } as FocusOptions),
        );
      // The launcher opened the chat over a prompt: the prompt becomes what it announced.
      if (isOpen && router.path.value === '/unread-messages') router.navigate('/messages');
      if (isOpen && router.path.value === '/campaigns') state.openCampaign();
      if (isOpen) {
        whenLoaded(() => {
          if (app.isWidgetOpen.value && router.path.value === '/' && state.hasMessages.value) router.navigate('/messages');
        });
      }
      if (!isOpen && onPrompt) {
        state.markSeen();
        bridge.send('resetUnreadMode', {});
        router.navigate('/');
      }
      if (!isOpen) {
        state.campaigns.reset();
        // A closed chat keeps no picker or dialog open for when it comes back.
        closeAllLayers();
      }
    },
    'set-locale': ({ locale }) => applyLocale(locale),
    'set-color-scheme': ({ darkMode }) => app.update({ darkMode }),
    'toggle-close-button': ({ isMobile }) => app.setMobile(isMobile),
    'change-url'({ referrerURL, referrerHost }) {
      app.setPage(referrerURL, referrerHost);
      state.campaigns.setPage(referrerURL, state.inBusinessHours.value);
    },
    // Not from a prompt: the launcher's unread and campaign views are not the chat opening.
    'push-event'({ eventName }) {
      if (!isCompactRoute(router.path.value)) state.pushEvent(eventName);
    },
    // What the site told is known from now on: the pre-chat form does not ask for it again (WCAG 3.3.7).
    async 'set-user'({ identifier, user }) {
      if (await session.identify(identifier, user)) await contact.fetch();
    },
    // The site's calls on attributes and labels: none is needed for the first paint.
    'set-custom-attributes': (payload) => siteCall((calls) => calls.setContactAttributes(state, payload)),
    'delete-custom-attribute': (payload) => siteCall((calls) => calls.deleteContactAttribute(state, payload)),
    'set-conversation-custom-attributes': (payload) =>
      whenConversation(() => siteCall((calls) => calls.setConversationAttributes(state, payload))),
    'delete-conversation-custom-attribute': (payload) =>
      whenConversation(() => siteCall((calls) => calls.deleteConversationAttribute(state, payload))),
    'set-label': (payload) => whenConversation(() => siteCall((calls) => calls.addLabel(state, payload))),
    'remove-label': (payload) => whenConversation(() => siteCall((calls) => calls.removeLabel(state, payload))),
    // Wren: `$chatwoot.showNewMessage(text)` opens the conversation with `text` in the composer.
    'show-new-message'({ message }) {
      state.composer.prefill(typeof message === 'string' ? message : '');
      router.navigate('/messages');
    },
    // Wren: the site's consent tool (`setConsent`) and `sendMessage` (docs/behaviour.md#consent,
    // docs/embedding.md#windowchatwoot): rare calls, in a chunk of their own (siteCalls.ts).
    'set-consent': (payload) => siteCall((calls) => calls.setConsent(state, payload)),
    'send-message': (payload) => whenLoaded(() => siteCall((calls) => calls.sendMessage(state, payload))),
  };
}
