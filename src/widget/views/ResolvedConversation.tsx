import { ResolvedFooter } from '../components/ResolvedFooter';
import { t } from '../i18n';
import type { ConversationFlow } from '../state/conversationFlow';
import { useWidget } from '../widgetContext';

export interface ResolvedConversationProps {
  canWrite: boolean;
  /** The conversation view's way to act with its flow, fetched first if need be (`views/Messages.tsx`). */
  withFlow<T>(act: (flow: ConversationFlow) => T | PromiseLike<T>): Promise<T>;
}

/**
 * The footer of a resolved conversation, wired (docs/behaviour.md#conversation-status): the note,
 * the transcript, and a new conversation where the inbox takes no messages after resolving
 * (`canWrite` false). In the End Conversation chunk, with its strings; both actions are the
 * conversation's flow's, which the conversation view hands in as it has it.
 */
export function ResolvedConversation({ withFlow, canWrite }: ResolvedConversationProps) {
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
      // Writing here continues the conversation; only where it cannot is a new one offered. A flow
      // that could not load has said so (`withFlow`'s banner), and the action did nothing.
      onStartNew={canWrite ? undefined : () => withFlow((flow) => flow.startNewConversation()).catch(() => false)}
      onRequestTranscript={(email) => withFlow((flow) => flow.requestTranscript(email)).catch(() => false)}
    />
  );
}
