import { ResolvedFooter } from '../components/ResolvedFooter';
import { t } from '../i18n';
import type { ConversationFlow } from '../state/conversationFlow';
import { useWidget } from './context';

/**
 * The footer of a resolved conversation, wired: in the conversation-end chunk with its strings,
 * which the conversation view's chunk (near its ceiling) need not carry. The view hands over its
 * flow (a type only here: importing the module would split it into a chunk of its own).
 */
export function Resolved({ flow }: { flow: ConversationFlow }) {
  const widget = useWidget();
  return (
    <ResolvedFooter
      labels={{
        resolved: t('CONVERSATION.RESOLVED'),
        startNew: t('START_NEW_CONVERSATION'),
        requestTranscript: t('TRANSCRIPT.REQUEST'),
        email: t('TRANSCRIPT.EMAIL'),
        send: t('TRANSCRIPT.SEND'),
        success: t('TRANSCRIPT.SUCCESS'),
        error: t('TRANSCRIPT.ERROR'),
        invalidEmail: t('FORM.INVALID_EMAIL'),
      }}
      hasEmail={!!widget.contact.contact.value?.has_email}
      onStartNew={() => flow.startNewConversation()}
      onRequestTranscript={(email) => flow.requestTranscript(email)}
    />
  );
}
