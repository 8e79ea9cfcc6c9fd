import { CLOSE_ICON, Icon } from '../icons';
import type { MessageLabels } from './labels';

export interface ReplyToChipProps {
  /** Who wrote the quoted message ('You', an agent's name, 'Bot'). */
  sender: string;
  /** The quoted message in one line (see `messageSummary`). */
  summary: string;
  /** Above a bubble: jump to the quoted message. */
  onSelect?(): void;
  /** The jump's tooltip ('Show the original message'). */
  title?: string;
  /** In the composer: shows 'Replying to' and a remove button. */
  onRemove?(): void;
  labels?: Pick<MessageLabels, 'replyingTo' | 'removeReply'>;
}

/**
 * A quoted message: above a bubble that replies to it, or as the composer's "Replying to" bar
 * (when `onRemove` is given) with a button that drops the quote.
 */
export function ReplyToChip({ sender, summary, onSelect, onRemove, labels, title }: ReplyToChipProps) {
  const quote = (
    <>
      {sender && <span className="reply-chip__sender">{sender}</span>}
      <span className="reply-chip__summary">{summary}</span>
    </>
  );
  return (
    <div className={`reply-chip${onRemove ? ' reply-chip--composer' : ''}`}>
      {onRemove && labels && <span className="reply-chip__prefix">{labels.replyingTo}</span>}
      {onSelect ? (
        <button type="button" className="reply-chip__quote" title={title} onClick={onSelect}>
          {quote}
        </button>
      ) : (
        <span className="reply-chip__quote">{quote}</span>
      )}
      {onRemove && (
        <button type="button" className="icon-button" aria-label={labels?.removeReply} title={labels?.removeReply} onClick={onRemove}>
          <Icon path={CLOSE_ICON} size={16} />
        </button>
      )}
    </div>
  );
}
