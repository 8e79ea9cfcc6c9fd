import { useEffect, useMemo } from 'react';
import { Avatar } from '../components/Avatar';
import { PreChatForm } from '../components/prechat/PreChatForm';
import { intlLocale, locale, t } from '../i18n';
import { adoptStyles } from '../lib/adoptStyles';
import { browserCountry, countriesIn } from '../lib/dialCodes';
import { formFields, type PreChatAnswers } from '../lib/preChatFields';
import { submitPreChat } from '../state/preChatFlow';
import prechatCss from '../styles/prechat.chunk.css';
import { useWidget } from '../widgetContext';
import { preChatWords } from './preChatWords';
import { AwayEmailForm } from './AwayEmailForm';

// A lazy chunk: its stylesheet travels with it, its English strings with its words (preChatWords.ts).
adoptStyles(prechatCss);

/**
 * The pre-chat form's route: the inbox's form, or, while the team is away (`?away`), the away
 * e-mail form, which is this form with fixed fields and rides in this chunk.
 */
export function PreChat() {
  return useWidget().router.query.value.has('away') ? <AwayEmailForm /> : <InboxPreChat />;
}

/**
 * The inbox's pre-chat form (docs/behaviour.md#pre-chat-form): its fields and message, or,
 * before a campaign (`?campaign`), its variant asking for name and e-mail. With nothing left to
 * ask but the message (an identified visitor) it goes straight on.
 */
function InboxPreChat() {
  const widget = useWidget();
  const { channel, contact, campaigns, router } = widget;
  // `?campaign` says the visitor came from the campaign's prompt; the campaign is still the
  // active one until it runs or the window closes (then this is the ordinary form).
  const active = campaigns.active.value;
  const campaign = !!active && router.query.value.has('campaign');
  const language = locale.value;
  const known = contact.contact.value;

  const { fields, messages, labels, say, countries } = useMemo(() => {
    const { texts, messages, labels, say } = preChatWords();
    const fields = formFields(channel.preChatFormOptions?.pre_chat_fields ?? [], known, { campaign, texts });
    return { fields, messages, labels, say, countries: countriesIn(intlLocale.value) };
    // `language` re-derives every text when the locale changes.
  }, [channel, known, campaign, language]);

  const onSubmit = async (answers: PreChatAnswers) => {
    const sent = await submitPreChat(widget, answers, { campaign });
    if (!sent) widget.showBanner(t('ERROR.GENERIC'));
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
        intro={campaign ? say.campaignHeader : channel.preChatFormOptions?.pre_chat_message}
        messages={messages}
        labels={labels}
        countries={countries}
        defaultCountry={browserCountry(navigator.language)}
        onSubmit={onSubmit}
      />
    </>
  );
}
