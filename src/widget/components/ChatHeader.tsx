import { Avatar } from './Avatar';
import { Icon } from './icons';

export interface HeaderActionsProps {
  showBack?: boolean;
  showPopout?: boolean;
  showClose?: boolean;
  labels: { back: string; popout: string; close: string };
  onBack?(): void;
  onPopout?(): void;
  onClose?(): void;
}

export interface ChatHeaderProps extends HeaderActionsProps {
  title: string;
  avatarUrl?: string;
  isOnline: boolean;
  /** The availability or reply-wait line under the title. */
  subtitle: string;
}

/** Buttons at the header's end: popout and close (close only where the host shows no launcher). */
export function HeaderActions({ showPopout, showClose, labels, onPopout, onClose }: HeaderActionsProps) {
  return (
    <div className="header__actions">
      {showPopout && (
        <button type="button" className="icon-button" aria-label={labels.popout} title={labels.popout} onClick={onPopout}>
          <Icon name="popout" />
        </button>
      )}
      {showClose && (
        <button type="button" className="icon-button" aria-label={labels.close} title={labels.close} onClick={onClose}>
          <Icon name="close" />
        </button>
      )}
    </div>
  );
}

/** The collapsed header: back, avatar, website name, online dot and the reply-wait line. */
export function ChatHeader(props: ChatHeaderProps) {
  const { title, avatarUrl, isOnline, subtitle, showBack, labels, onBack } = props;
  return (
    <header className="header">
      {showBack && (
        <button type="button" className="icon-button header__back" aria-label={labels.back} title={labels.back} onClick={onBack}>
          <Icon name="back" />
        </button>
      )}
      <Avatar name={title} src={avatarUrl} size={32} />
      <div className="header__text">
        <h1 className="header__title">
          {title}
          {isOnline && <span className="online-dot" aria-hidden="true" />}
        </h1>
        <p className="header__subtitle">{subtitle}</p>
      </div>
      <HeaderActions {...props} />
    </header>
  );
}

/** The expanded header on home: avatar, welcome heading and tagline. */
export function ChatHeaderExpanded(props: HeaderActionsProps & { avatarUrl?: string; title: string; intro: string; heading: string }) {
  const { avatarUrl, title, intro, heading } = props;
  return (
    <header className="header header--expanded">
      <div className="header__row">
        <Avatar name={title} src={avatarUrl} size={48} />
        <HeaderActions {...props} />
      </div>
      {heading && <h1 className="header__heading">{heading}</h1>}
      {intro && <p className="header__intro">{intro}</p>}
    </header>
  );
}
