import { useEffect, useMemo } from 'react';
import { Avatar } from '../components/Avatar';
import { PreChatForm } from '../components/prechat/PreChatForm';
import preChatEnglish from '../../../locales/en.json?pre-chat';
import { addEnglish, intlLocale, locale, t } from '../i18n';
import { adoptStyles } from '../lib/adoptStyles';
import { browserCountry, countriesIn, type Country } from '../lib/dialCodes';
import { formFields, type PreChatAnswers } from '../lib/preChatFields';
import type { ValidationMessages } from '../lib/preChatSchema';
import { submitPreChat } from '../state/preChatFlow';
import prechatCss from '../styles/prechat.chunk.css';
import { useWidget } from '../widgetContext';

// A lazy chunk: its stylesheet and its English strings travel with it.
adoptStyles(prechatCss);
addEnglish(preChatEnglish);

/**
 * The pre-chat form's route (docs/behaviour.md#pre-chat-form): the inbox's fields and message,
 * or, before a campaign (`?campaign`), its variant asking for name and e-mail. With
 * nothing left to ask but the message (an identified visitor) it goes straight on.
 */
export function PreChat() {
  const widget = useWidget();
  const { channel, contact, campaigns, router } = widget;
  // `?campaign` says the visitor came from the campaign's prompt; the campaign is still the
  // active one until it runs or the window closes (then this is the ordinary form).
  const active = campaigns.active.value;
  const campaign = !!active && router.query.value.has('campaign');
  const language = locale.value;
  const known = contact.contact.value;

  const { fields, messages, labels, countries } = useMemo(() => {
    const texts = {
      fullName: t('PRECHAT.FULL_NAME'),
      fullNamePlaceholder: t('PRECHAT.FULL_NAME_PLACEHOLDER'),
      emailAddress: t('PRECHAT.EMAIL_ADDRESS'),
      emailAddressPlaceholder: t('PRECHAT.EMAIL_ADDRESS_PLACEHOLDER'),
      phoneNumber: t('PRECHAT.PHONE_NUMBER'),
      phoneNumberPlaceholder: t('PRECHAT.PHONE_NUMBER_PLACEHOLDER'),
      message: t('PRECHAT.MESSAGE'),
      messagePlaceholder: t('PRECHAT.MESSAGE_PLACEHOLDER'),
    };
    const messages: ValidationMessages = {
      fullNameRequired: t('PRECHAT.FULL_NAME_REQUIRED'),
      emailRequired: t('PRECHAT.EMAIL_ADDRESS_REQUIRED'),
      emailInvalid: t('FORM.INVALID_EMAIL'),
      phoneRequired: t('PRECHAT.PHONE_NUMBER_REQUIRED'),
      dialCodeRequired: t('PRECHAT.DIAL_CODE_REQUIRED'),
      phoneInvalid: t('PRECHAT.PHONE_NUMBER_INVALID'),
      patternMismatch: t('FORM.INVALID'),
      rules: { words: t, locale: intlLocale.value },
      fieldRequired: (label) => t('PRECHAT.FIELD_REQUIRED', { label }),
    };
    const labels = {
      submit: t('START_CONVERSATION'),
      choose: t('PRECHAT.CHOOSE'),
      countryCode: t('PRECHAT.COUNTRY_CODE'),
      selected: (country: Country) => t('PRECHAT.COUNTRY_CODE_SELECTED', { country: country.name, code: country.dialCode }),
      search: t('PRECHAT.COUNTRY_SEARCH'),
      noResults: t('PRECHAT.NO_RESULTS'),
    };
    const fields = formFields(channel.preChatFormOptions?.pre_chat_fields ?? [], known, { campaign, texts });
    return { fields, messages, labels, countries: countriesIn(intlLocale.value) };
    // `language` re-derives every text when the locale changes.
  }, [channel, known, campaign, language]);

  const onSubmit = async (answers: PreChatAnswers) => {
    const sent = await submitPreChat(widget, answers, { campaign });
    if (!sent) widget.showBanner(t('GENERIC_ERROR'));
    return sent;
  };

  // Nothing left to ask but the message (an identified visitor): the composer asks for that,
  // and before a campaign its message starts the conversation.
  const nothingToAsk = fields.every((field) => field.source === 'message');
  useEffect(() => {
    if (!nothingToAsk) return;
    if (campaign) widget.openCampaign({});
    else router.navigate('/messages');
  }, [nothingToAsk]);
  if (nothingToAsk) return null;

  const sender = active?.sender?.available_name || active?.sender?.name || channel.websiteName;
  return (
    <>
      {/* What the visitor clicked, above the form that stands before it. */}
      {campaign && (
        <div className="prechat__campaign">
          <Avatar name={sender} src={active.sender?.avatar_url} size={32} />
          <p className="prechat__campaign-message">
            <span className="prechat__campaign-sender">{sender}</span>
            {active.message}
          </p>
        </div>
      )}
      <PreChatForm
        // Other fields (a contact identified meanwhile, the campaign withdrawn) make a new form.
        key={fields.map((field) => field.key).join()}
        fields={fields}
        intro={campaign ? t('PRECHAT.CAMPAIGN_HEADER') : channel.preChatFormOptions?.pre_chat_message}
        messages={messages}
        labels={labels}
        countries={countries}
        defaultCountry={browserCountry(navigator.language)}
        onSubmit={onSubmit}
      />
    </>
  );
}
