import * as endpoints from '../api/endpoints';
import { setLocale, t } from '../i18n';
import { isCompactRoute } from '../router';
import type { HostHandlers } from './bridge';
import type { WidgetState } from '../state/widget';

/**
 * What each host → widget message does (docs/protocol.md#host-to-widget). Calls to the server that
 * fail are reported to the host as `error` events rather than thrown into the void.
 */
export function hostActions(state: WidgetState): HostHandlers {
  const { app, bridge, router, messages, channel, conversation } = state;
  const request = state.request;
  const available = channel.enabledLanguages?.map((language) => language.iso_639_1_code);
  const report = (errorType: string) => (error: { body?: unknown }) =>
    bridge.send('error', { errorType, data: error?.body ?? String(error) });
  const applyLocale = async (locale?: string) => {
    await setLocale(locale, available?.length ? available : undefined).catch(() => undefined);
    bridge.send('setBubbleLabel', { label: t('CHAT_WITH_US') });
  };

  // Calls on the conversation made before it exists (`setConversationCustomAttributes`,
  // `setLabel` on a first visit) wait for it instead of failing (docs/protocol.md#the-host-api).
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
      if (settings.campaignsSnoozedTill) state.campaigns.snoozedUntil.value = Number(settings.campaignsSnoozedTill) || 0;
      applyLocale(settings.locale);
    },
    'toggle-open'({ isOpen }) {
      app.isWidgetOpen.value = isOpen;
      // The host moved focus into the frame (the visitor used the launcher): put it on the
      // screen's main control rather than on the document.
      if (isOpen) requestAnimationFrame(() => document.hasFocus() && document.querySelector<HTMLElement>('[data-autofocus]')?.focus());
      // The launcher opened the chat over a prompt: the prompt becomes what it announced.
      if (isOpen && router.path.value === '/unread-messages') router.navigate('/messages');
      if (isOpen && router.path.value === '/campaigns') state.openCampaign();
      if (isOpen) {
        whenLoaded(() => {
          if (app.isWidgetOpen.value && router.path.value === '/' && state.hasMessages.value) router.navigate('/messages');
        });
      }
      if (!isOpen && isCompactRoute(router.path.value)) {
        state.markSeen();
        bridge.send('resetUnreadMode', {});
        router.navigate('/');
      }
      if (!isOpen) state.campaigns.reset();
    },
    'set-locale': ({ locale }) => applyLocale(locale),
    'set-color-scheme': ({ darkMode }) => app.update({ darkMode }),
    'toggle-close-button': ({ isMobile }) => (app.isMobile.value = isMobile),
    'sdk-set-bubble-visibility': ({ hideMessageBubble }) => app.update({ hideMessageBubble }),
    'change-url'({ referrerURL, referrerHost }) {
      app.referrerURL.value = referrerURL;
      app.referrerHost.value = referrerHost;
      state.campaigns.setPage(referrerURL, state.inBusinessHours.value);
    },
    'push-event'({ eventName }) {
      if (isCompactRoute(router.path.value)) return;
      const eventInfo = { initiated_at: { timestamp: new Date().toString() }, referer: app.referrerURL.value };
      request(endpoints.createEvent(eventName, eventInfo)).catch(() => undefined);
    },
    'set-user': async ({ identifier, user }) => {
      const { company_name, city, country_code, description, social_profiles, custom_attributes, ...profile } = user;
      try {
        const result = await request(
          endpoints.setUser({
            ...profile,
            identifier: String(identifier),
            custom_attributes,
            additional_attributes: { company_name, city, country_code, description, social_profiles },
          }),
        );
        if (result.pubsub_token) state.pubsubToken.value = result.pubsub_token;
        if (result.widget_auth_token) {
          state.authToken.value = result.widget_auth_token;
          bridge.send('setAuthCookie', { data: { widgetAuthToken: result.widget_auth_token } });
          if (bridge.inNativeApp) bridge.sendNative({ type: 'auth-token', value: result.widget_auth_token });
        }
        if (result.widget_auth_token || user.identifier_hash) {
          messages.clear();
          await state.load();
        }
      } catch (error) {
        report('SET_USER_ERROR')(error as { body?: unknown });
      }
    },
    'set-custom-attributes': ({ customAttributes }) =>
      request(endpoints.updateContact({ custom_attributes: customAttributes })).catch(report('SET_CUSTOM_ATTRIBUTES_ERROR')),
    'delete-custom-attribute': ({ customAttribute }) =>
      request(endpoints.deleteContactCustomAttributes([customAttribute])).catch(report('DELETE_CUSTOM_ATTRIBUTE_ERROR')),
    'set-conversation-custom-attributes': ({ customAttributes }) =>
      whenConversation(() =>
        request(endpoints.setConversationCustomAttributes(customAttributes)).catch(report('SET_CONVERSATION_ATTRIBUTES_ERROR')),
      ),
    'delete-conversation-custom-attribute': ({ customAttribute }) =>
      whenConversation(() =>
        request(endpoints.deleteConversationCustomAttribute(customAttribute)).catch(report('DELETE_CONVERSATION_ATTRIBUTE_ERROR')),
      ),
    'set-label': ({ label }) =>
      whenConversation(() =>
        request(endpoints.addLabel(label)).catch((error: { status?: number; body?: unknown }) =>
          // The account has no such label (Wren's server says so; Chatwoot's is silent).
          error?.status === 422
            ? console.warn(`Wren: setLabel("${label}"): the account has no such label`)
            : report('SET_LABEL_ERROR')(error),
        ),
      ),
    'remove-label': ({ label }) => whenConversation(() => request(endpoints.removeLabel(label)).catch(report('REMOVE_LABEL_ERROR'))),
    // Wren: `$chatwoot.showNewMessage(text)` opens the conversation with `text` in the composer.
    'show-new-message'({ message }) {
      state.composer.prefill(typeof message === 'string' ? message : '');
      router.navigate('/messages');
    },
  };
}
