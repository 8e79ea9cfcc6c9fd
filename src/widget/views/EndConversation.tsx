import { ConfirmDialog } from '../components/ConfirmDialog';
import { t } from '../i18n';
import { useWidget } from '../widgetContext';

/**
 * "End this conversation?" before the header's End Conversation resolves it: the visitor cannot
 * undo it. A lazy chunk, with its strings (the conversation view, where the button shows, has
 * loaded every string of the locale).
 */
export function EndConversation({ onDone }: { onDone(): void }) {
  const widget = useWidget();
  return (
    <ConfirmDialog
      labels={{
        title: t('END_CONVERSATION.CONFIRM_TITLE'),
        text: t('END_CONVERSATION.CONFIRM_TEXT'),
        confirm: t('END_CONVERSATION'),
        cancel: t('END_CONVERSATION.CANCEL'),
      }}
      onCancel={onDone}
      onConfirm={async () => {
        onDone();
        if (!(await widget.conversation.resolve())) widget.showBanner(t('ERROR.GENERIC'));
      }}
    />
  );
}
