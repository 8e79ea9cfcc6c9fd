import { ConsentPrompt } from '../components/ConsentPrompt';
import consentEnglish from '../../../locales/en.json?consent';
import { addEnglish, locale, t } from '../i18n';
import { adoptStyles } from '../lib/adoptStyles';
import { safeWebUrl } from '../lib/sanitizeUrl';
import consentCss from '../styles/consent.chunk.css';
import { useWidget } from '../widgetContext';

// A lazy chunk, fetched by an open that must ask first: its stylesheet and English strings travel with it.
adoptStyles(consentCss);
addEnglish(consentEnglish);

/**
 * What stands before the chat while the widget may not store (docs/behaviour.md#consent): the
 * consent question, or, after a Decline where a Decline leaves no chat, the chat-off screen with
 * a way to change one's mind. The answer goes to the host; the screen the visitor asked for
 * then takes this one's place, and its main control the focus.
 */
export function Consent() {
  const widget = useWidget();
  const { channel, app } = widget;
  const chatOff = app.chatOff.value;
  const privacyPolicyUrl = safeWebUrl(channel.privacyPolicyUrl);
  const answer = (granted: boolean) => {
    app.update({ consent: granted ? 'granted' : 'declined' });
    // The host stores a grant, and with it starts writing its cookies.
    widget.bridge.send('consent', { granted });
    requestAnimationFrame(() => document.querySelector<HTMLElement>('[data-autofocus]')?.focus());
  };
  return (
    <ConsentPrompt
      heading={chatOff ? t('CONSENT.CHAT_OFF') : t('CONSENT.HEADING')}
      text={chatOff ? t('CONSENT.CHAT_OFF_TEXT') : channel.consentText?.[locale.value] || t('CONSENT.TEXT')}
      privacyPolicy={privacyPolicyUrl ? { url: privacyPolicyUrl, label: t('CONSENT.PRIVACY_POLICY') } : undefined}
      labels={{ accept: t('CONSENT.ACCEPT'), decline: t('CONSENT.DECLINE') }}
      onAccept={() => answer(true)}
      onDecline={chatOff ? undefined : () => answer(false)}
      autoFocus={app.isWidgetOpen.value}
    />
  );
}
