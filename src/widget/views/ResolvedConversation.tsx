import { ResolvedFooter } from '../components/ResolvedFooter';
import { t } from '../i18n';
import type { ConversationFlow } from '../state/conversationFlow';
import { useWidget } from '../widgetContext';

/**
 * The footer of a resolved conversation, wired (docs/behaviour.md#conversation-status): the note,
 * the transcript, and a new conversation where the inbox takes no messages after resolving
 * (`canWrite` false). In the End Conversation chunk, with its strings; the conversation view
 * hands in its flow, which lives in the view's own chunk.
 */
export function ResolvedConversation({ flow, canWrite }: { flow: ConversationFlow; canWrite: boolean }) {
  const widget = useWidget();
  return (
    <ResolvedFooter
      labels={{
        resolved: t('CONVERSATION.RESOLVED'),
        startNew: t('CONVERSATION.START_NEW'),
        requestTranscript: t('TRANSCRIPT.REQUEST'),
        email: t('TRANSCRIPT.EMAIL'),
        send: t('TRANSCRIPT.SEND'),
        success: t('TRANSCRIPT.SUCCESS'),
        error: t('TRANSCRIPT.ERROR'),
        invalidEmail: t('FORM.INVALID_EMAIL'),
      }}
      hasEmail={!!widget.contact.contact.value?.has_email}
      // Writing here continues the conversation; only where it cannot is a new one offered.
      onStartNew={canWrite ? undefined : () => flow.startNewConversation()}
      onRequestTranscript={(email) => flow.requestTranscript(email)}
    />
  );
}
