import type { ReplyTime } from '../../shared/types';
import { t, type MessageKey } from '../i18n';

const REPLY_TIME_KEYS: Record<ReplyTime, MessageKey> = {
  in_a_few_minutes: 'REPLY_TIME.IN_A_FEW_MINUTES',
  in_a_few_hours: 'REPLY_TIME.IN_A_FEW_HOURS',
  in_a_day: 'REPLY_TIME.IN_A_DAY',
};

/** SPEC.md §4: any reply time other than the three known ones reads as "in a few hours". */
export function replyTimeText(replyTime: string): string {
  return t(REPLY_TIME_KEYS[replyTime as ReplyTime] ?? REPLY_TIME_KEYS.in_a_few_hours);
}

/** 'We are online' / 'We are away at the moment', or the site's own wording for either. */
export function availabilityText(online: boolean, overrides: { availableMessage: string; unavailableMessage: string }): string {
  return online ? overrides.availableMessage || t('TEAM_AVAILABILITY.ONLINE') : overrides.unavailableMessage || t('TEAM_AVAILABILITY.OFFLINE');
}
