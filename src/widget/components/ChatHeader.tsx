import { Avatar } from './Avatar';
import { BACK_ICON, CLOSE_ICON, END_ICON, Icon, POPOUT_ICON } from './icons';

export interface HeaderActionsProps {
  showBack?: boolean;
  showEndConversation?: boolean;
  showPopout?: boolean;
  showClose?: boolean;
  labels: { back: string; endConversation: string; popout: string; close: string };
  onBack?(): void;
  onEndConversation?(): void;
  onPopout?(): void;
  onClose?(): void;
}

export interface ChatHeaderProps extends HeaderActionsProps {
  title: string;
  avatarUrl?: string;
  /** Someone can answer now and the connection is up: the avatar wears a green dot. */
  isOnline: boolean;
  /** The availability or reply-wait line under the title. */
  subtitle: string;
}

/** docs/behaviour.md#screens: scrolling home fades the expanded header in steps above 10/15/20/25/30 px. */
export function expandedHeaderOpacity(scrollTop: number): number {
  if (scrollTop > 30) return 0;
  if (scrollTop > 25) return 0.2;
  if (scrollTop > 20) return 0.4;
  if (scrollTop > 15) return 0.6;
  if (scrollTop > 10) return 0.8;
  return 1;
}

/** An icon button whose name shows as a tooltip on hover and on keyboard focus (widget.css). */
function ActionButton({ icon, label, onClick, className = '' }: { icon: string; label: string; onClick?(): void; className?: string }) {
  return (
    <button type="button" className={`icon-button ${className}`} aria-label={label} data-tooltip={label} onClick={onClick}>
      <Icon path={icon} />
    </button>
  );
}

/** Buttons at the header's end: end conversation, popout and close. */
export function HeaderActions({
  showEndConversation,
  showPopout,
  showClose,
  labels,
  onEndConversation,
  onPopout,
  onClose,
}: HeaderActionsProps) {
  return (
    <div className="header__actions">
      {showEndConversation && (
        <ActionButton icon={END_ICON} label={labels.endConversation} onClick={onEndConversation} className="header__end" />
      )}
      {showPopout && <ActionButton icon={POPOUT_ICON} label={labels.popout} onClick={onPopout} />}
      {showClose && <ActionButton icon={CLOSE_ICON} label={labels.close} onClick={onClose} />}
    </div>
  );
}

/**
 * The collapsed header: back, one avatar (the inbox's, with a green dot while someone can answer),
 * the website name and the reply-wait line. Both lines keep to one line whatever the language or
 * the width, ending in "…"; the whole text stays in the page for screen readers and shows on hover.
 */
export function ChatHeader(props: ChatHeaderProps) {
  const { title, avatarUrl, isOnline, subtitle, showBack, labels, onBack } = props;
  return (
    <header className="header">
      {showBack && (
        <button type="button" className="icon-button header__back" aria-label={labels.back} title={labels.back} onClick={onBack}>
          <Icon path={BACK_ICON} />
        </button>
      )}
      <span className="header__avatar">
        <Avatar name={title} src={avatarUrl} size={32} />
        {isOnline && <span className="online-dot" aria-hidden="true" />}
      </span>
      <div className="header__text">
        <h1 className="header__title" title={title}>
          {title}
        </h1>
        <p className="header__subtitle" title={subtitle}>
          {subtitle}
        </p>
      </div>
      <HeaderActions {...props} />
    </header>
  );
}

/** The expanded header on home: avatar, welcome heading and tagline; fades as home scrolls. */
export function ChatHeaderExpanded(
  props: HeaderActionsProps & { avatarUrl?: string; title: string; intro: string; heading: string; opacity?: number },
) {
  const { avatarUrl, title, intro, heading, opacity = 1 } = props;
  return (
    <header className="header header--expanded" style={{ opacity }}>
      <div className="header__row">
        <Avatar name={title} src={avatarUrl} size={48} />
        <HeaderActions {...props} />
      </div>
      {heading && <h1 className="header__heading">{heading}</h1>}
      {intro && <p className="header__intro">{intro}</p>}
    </header>
  );
}
