import { useEffect, useMemo, useRef, useState } from 'react';
import { PreChatForm } from '../components/prechat/PreChatForm';
import type { PreChatField } from '../../shared/types';
import { locale, t } from '../i18n';
import { formFields, type PreChatAnswers } from '../lib/preChatFields';
import { submitPreChat } from '../state/preChatFlow';
import { useWidget } from '../widgetContext';
import { preChatWords } from './preChatWords';

/**
 * The fields the away form always asks, known or not: the reply goes to this e-mail address, so
 * the visitor sees and confirms it.
 */
const AWAY_FIELDS: PreChatField[] = [
  { field_type: 'standard', name: 'fullName', label: '', type: 'text', required: true, enabled: true },
  { field_type: 'standard', name: 'emailAddress', label: '', type: 'email', required: true, enabled: true },
];

/**
 * The away e-mail form (docs/behaviour.md#away-mode): while the team is away, an inbox in
 * `email_form` mode asks for name, e-mail and message in the chat's place. It is the pre-chat
 * form with fixed fields and its checks, and sends what that form sends, one conversation
 * with the contact's name and e-mail, which the team answers by e-mail; then it says so, in a
 * status that takes focus. Back leads home, where the conversation goes on.
 */
export function AwayEmailForm() {
  const widget = useWidget();
  const [sentTo, setSentTo] = useState<string>();
  const confirmation = useRef<HTMLParagraphElement>(null);
  const language = locale.value;
  const { fields, messages, labels, say } = useMemo(() => {
    const { texts, messages, labels, say } = preChatWords();
    const fields = formFields(AWAY_FIELDS, null, { campaign: false, texts });
    return { fields, messages, labels: { ...labels, submit: t('COMPOSER.SEND') }, say };
    // `language` re-derives every text when the locale changes.
  }, [language]);
  useEffect(() => {
    if (sentTo) confirmation.current?.focus();
  }, [sentTo]);

  const onSubmit = async (answers: PreChatAnswers) => {
    const sent = await submitPreChat(widget, answers, { campaign: false, openConversation: false });
    if (sent) setSentTo(answers.contact.email);
    else widget.showBanner(t('ERROR.GENERIC'));
    return sent;
  };

  if (sentTo)
    return (
      <div className="prechat">
        <p ref={confirmation} role="status" tabIndex={-1} className="away__sent">
          {say.awaySent(sentTo)}
        </p>
      </div>
    );
  return <PreChatForm fields={fields} intro={say.awayIntro} messages={messages} labels={labels} countries={[]} onSubmit={onSubmit} />;
}
