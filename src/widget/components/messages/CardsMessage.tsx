import type { Card, CardAction, Handled } from '../../../shared/contentAttributes';
import { safeMediaUrl, safeWebUrl } from '../../lib/sanitizeUrl';
import type { InteractiveLabels } from './labels';

export interface CardsMessageProps {
  cards: readonly Handled<Card, 'title' | 'description' | 'media_url' | 'actions'>[];
  labels: Pick<InteractiveLabels, 'cards'>;
  /** A postback button: its `payload` (or its text when it has none). */
  onPostback(payload: string): void;
}

/**
 * A card's button: a postback sends its payload, a link opens a new tab, and only for an http(s)
 * URL; any other link action is left out rather than shown as a link.
 */
function CardButton({
  action,
  onPostback,
}: {
  action: Handled<CardAction, 'type' | 'text' | 'uri' | 'payload'>;
  onPostback(payload: string): void;
}) {
  if (action.type === 'postback') {
    return (
      <button type="button" className="cards__action" onClick={() => onPostback(String(action.payload ?? action.text))}>
        {action.text}
      </button>
    );
  }
  const href = safeWebUrl(action.uri);
  return href ? (
    <a className="cards__action" href={href} target="_blank" rel="noopener noreferrer">
      {action.text}
    </a>
  ) : null;
}

/**
 * A bot's cards, side by side and scrolled sideways on narrow screens. The row is focusable so
 * keyboard users can scroll cards that have no buttons.
 */
export function CardsMessage({ cards, labels, onPostback }: CardsMessageProps) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable row of cards must take focus so a keyboard can scroll it (axe: scrollable-region-focusable)
    <ul className="cards" tabIndex={0} aria-label={labels.cards}>
      {cards.map((card, index) => {
        const media = safeMediaUrl(card.media_url);
        return (
          <li key={index} className="cards__item">
            {media && <img className="cards__media" src={media} alt="" loading="lazy" />}
            <div className="cards__body">
              {card.title && <p className="cards__title">{card.title}</p>}
              {card.description && <p className="cards__text">{card.description}</p>}
            </div>
            {card.actions?.map((action, i) => (
              <CardButton key={i} action={action} onPostback={onPostback} />
            ))}
          </li>
        );
      })}
    </ul>
  );
}
