import { MESSAGE_TYPE } from '../../shared/types';
import type { ChatMessage } from '../state/messageMerge';
import { Icon } from './icons';

export interface BubbleLabels {
  failed: string;
  retry: string;
  sending: string;
}

/**
 * One message. Visitor messages sit at the end of the line and show their delivery state;
 * agent and bot messages sit at the start. Content is plain text (markdown arrives later).
 */
export function MessageBubble({ message, labels, onRetry }: { message: ChatMessage; labels: BubbleLabels; onRetry?(id: string): void }) {
  const fromVisitor = message.message_type === MESSAGE_TYPE.incoming;
  const failed = message.status === 'failed';
  return (
    <div className={`bubble ${fromVisitor ? 'bubble--visitor' : 'bubble--agent'}${failed ? ' bubble--failed' : ''}`} aria-busy={message.status === 'in_progress'}>
      <p className="bubble__content">{message.content}</p>
      {message.status === 'in_progress' && <span className="visually-hidden">{labels.sending}</span>}
      {failed && (
        <div className="bubble__error" role="alert">
          <Icon name="alert" size={16} />
          <span>{labels.failed}</span>
          <button type="button" className="link-button" onClick={() => onRetry?.(String(message.id))}>
            {labels.retry}
          </button>
        </div>
      )}
    </div>
  );
}
