import { Avatar } from '../components/Avatar';
import { HelpCentre } from '../lazy/shellParts';
import { t } from '../i18n';
import { availabilityText, replyWaitText } from '../i18n/availability';
import { useWidget } from '../widgetContext';

/** Home: who is there and how soon they answer, the way into the conversation, and the help centre. */
export function Home() {
  const widget = useWidget();
  const { agents, app, isOnline, hasMessages, channel } = widget;
  const online = isOnline.value;
  const away = !online && channel.outOfOfficeMessage;
  const title = availabilityText(online, app.settings.value);
  // Away without working hours, the wait line is the away text itself: said once is enough.
  const wait = replyWaitText(widget);
  return (
    <div className="home">
      <section className="card availability" aria-labelledby="availability-title">
        <div className="availability__text">
          <h2 id="availability-title" className="availability__title">
            {title}
          </h2>
          {wait !== title && <p className="availability__reply-time">{wait}</p>}
          {away && <p className="availability__out-of-office">{channel.outOfOfficeMessage}</p>}
        </div>
        {agents.online.value.length > 0 && (
          <div className="availability__agents" aria-hidden="true">
            {agents.online.value.slice(0, 4).map((agent) => (
              <Avatar key={agent.id} name={agent.name} src={agent.avatar_url} size={32} />
            ))}
          </div>
        )}
        <button type="button" className="button button--block" data-autofocus onClick={() => widget.startConversation()}>
          {hasMessages.value ? t('CONTINUE_CONVERSATION') : t('START_CONVERSATION')}
        </button>
      </section>
      {channel.portal && <HelpCentre />}
    </div>
  );
}
