import { ResolvedFooter } from '../components/ResolvedFooter';
import { t } from '../i18n';
import type { ConversationActions } from '../state/conversationActions';
import { useWidget } from '../widgetContext';

export interface ResolvedConversationProps {
  canWrite: boolean;
  /** The conversation view's actions (`state/conversationActions.ts`). */
  actions: Pick<ConversationActions, 'startNewConversation' | 'requestTranscript'>;
}

/**
 * The footer of a resolved conversation, wired (docs/behaviour.md#conversation-status): the note,
 * the transcript, and a new conversation where the inbox takes no messages after resolving
 * (`canWrite` false). In the End Conversation chunk, with its strings; both actions are the
 * conversation view's, which awaits the code that does them.
 */
export function ResolvedConversation({ actions, canWrite }: ResolvedConversationProps) {
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
      onStartNew={canWrite ? undefined : actions.startNewConversation}
      onRequestTranscript={actions.requestTranscript}
    />
  );
}
