import { Avatar } from '../components/Avatar';
import { t } from '../i18n';
import { MESSAGE_TYPE } from '../../shared/types';
import type { ChatMessage } from '../state/chatMessage';
import { CompactPrompt } from './CompactPrompt';
import { useWidget } from '../widgetContext';
import { adoptStyles } from '../lib/adoptStyles';
import promptsCss from '../styles/prompts.chunk.css';

adoptStyles(promptsCss);

/** docs/behaviour.md#screens: the prompt shows up to three unread text messages. */
export const UNREAD_PREVIEW_LIMIT = 3;

/** Who sent an agent message, for the prompt: the agent's name, or 'Bot' with no sender. */
function senderName(message: ChatMessage): { name: string; avatarUrl?: string; isBot: boolean } {
  const sender = message.sender;
  if (sender && sender.type === 'user') return { name: sender.available_name || sender.name, avatarUrl: sender.avatar_url, isBot: false };
  if (sender && sender.type === 'agent_bot') return { name: sender.name, avatarUrl: sender.avatar_url, isBot: true };
  return { name: t('SENDER.BOT'), isBot: true };
}

/** The unread-messages prompt over the host page while the chat is closed. */
export function UnreadMessages() {
  const widget = useWidget();
  const latest = widget.unread.value.filter((m) => m.message_type === MESSAGE_TYPE.outgoing && m.content).slice(-UNREAD_PREVIEW_LIMIT);
  const company = widget.channel.websiteName;

  return (
    <CompactPrompt
      label={t('UNREAD.COUNT', { count: widget.unread.value.length })}
      actions={
        <>
          <button type="button" className="button" onClick={() => widget.openFromPrompt()}>
            {t('UNREAD.SEE_NEW')}
          </button>
          <button type="button" className="button button--secondary" onClick={() => widget.closePrompt()}>
            {t('UNREAD.CLOSE')}
          </button>
        </>
      }
    >
      {latest.map((message) => {
        const sender = senderName(message);
        return (
          <button type="button" key={message.id} className="compact__message" onClick={() => widget.openFromPrompt()}>
            <Avatar name={sender.name} src={sender.avatarUrl} size={32} />
            <span className="compact__body">
              <span className="compact__sender">
                {company ? t('UNREAD.FROM', { name: sender.name, company }) : sender.name}
                {sender.isBot && <span className="tag">{t('SENDER.BOT')}</span>}
              </span>
              <span className="compact__text">{message.content}</span>
            </span>
          </button>
        );
      })}
    </CompactPrompt>
  );
}
