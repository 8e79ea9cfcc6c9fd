import type { ReplyTime } from '../../shared/types';
import { intlLocale as intlLocaleSignal, t, type MessageKey } from './index';
import { replyWaitKind, type TimeUntilBack } from '../../shared/availability';
import type { WidgetState } from '../state/widget';

const REPLY_TIME_KEYS: Record<ReplyTime, MessageKey> = {
  in_a_few_minutes: 'REPLY_TIME.IN_A_FEW_MINUTES',
  in_a_few_hours: 'REPLY_TIME.IN_A_FEW_HOURS',
  in_a_day: 'REPLY_TIME.IN_A_DAY',
};

const intlLocale = () => intlLocaleSignal.value;

/** docs/behaviour.md#availability: any reply time other than the three known ones reads as "in a few hours". */
export function replyTimeText(replyTime: string): string {
  // Own keys only: a value such as "toString" must not find Object.prototype's method.
  return t(Object.hasOwn(REPLY_TIME_KEYS, replyTime) ? REPLY_TIME_KEYS[replyTime as ReplyTime] : REPLY_TIME_KEYS.in_a_few_hours);
}

/** 'We are online' / 'We are away at the moment', or the site's own wording for either. */
export function availabilityText(online: boolean, overrides: { availableMessage: string; unavailableMessage: string }): string {
  return online
    ? overrides.availableMessage || t('TEAM_AVAILABILITY.ONLINE')
    : overrides.unavailableMessage || t('TEAM_AVAILABILITY.OFFLINE');
}

/**
 * "We will be back online …" in the visitor's language. Relative times and weekday names come
 * from `Intl`, which handles plurals and word order per language; clock times are the inbox's.
 */
export function backOnlineText(when: TimeUntilBack): string {
  const relative = new Intl.RelativeTimeFormat(intlLocale(), { numeric: 'auto' });
  switch (when.kind) {
    case 'minutes':
      return t('REPLY_TIME.BACK_IN', { time: relative.format(when.value, 'minute') });
    case 'hours':
      return t('REPLY_TIME.BACK_IN', { time: relative.format(when.value, 'hour') });
    case 'time': {
      const clock = new Intl.DateTimeFormat(intlLocale(), { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }).format(
        Date.UTC(2000, 0, 1, when.hour, when.minute),
      );
      return t('REPLY_TIME.BACK_AT', { time: clock });
    }
    case 'day':
      if (when.days === 1) return t('REPLY_TIME.BACK_IN', { time: relative.format(1, 'day') });
      // 1 January 2023 was a Sunday, so day_of_week counts from it.
      return t('REPLY_TIME.BACK_ON', {
        day: new Intl.DateTimeFormat(intlLocale(), { weekday: 'long', timeZone: 'UTC' }).format(Date.UTC(2023, 0, 1 + when.dayOfWeek)),
      });
    default:
      return t('REPLY_TIME.BACK_IN_SOME_TIME');
  }
}

/** docs/behaviour.md#availability reply-wait line: online → reply time; away with working hours → when back; else away. */
export function replyWaitText(widget: WidgetState): string {
  // Away, with an e-mail to answer to (docs/behaviour.md#away-visitors): that is where the reply goes.
  if (!widget.isOnline.value && widget.contact.contact.value?.has_email && widget.conversation.id.value !== undefined)
    return t('REPLY_TIME.BY_EMAIL');
  const wait = replyWaitKind(widget.channel, widget.isOnline.value, widget.clock.value);
  if (wait.kind === 'reply_time') return replyTimeText(wait.replyTime);
  if (wait.kind === 'back_in') return backOnlineText(wait.when);
  return availabilityText(false, widget.app.settings.value);
}
