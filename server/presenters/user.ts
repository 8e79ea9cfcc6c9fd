/**
 * Agent shapes: the message/typing `sender` (push data) and the widget's inbox member.
 */
import type { AvailabilityStatus, InboxMember } from '../../src/shared/types';
import type { User } from '../repositories/users';

/** `User#push_event_data` (docs/protocol.md#shapes Sender, agent variant). */
export interface UserPushData {
  id: number;
  name: string;
  available_name: string;
  avatar_url: string;
  type: 'user';
  availability_status: AvailabilityStatus;
  thumbnail: string;
}

/** The agent as a message or typing sender. */
export function userPushData(user: User): UserPushData {
  const avatar = user.avatar_url ?? '';
  return {
    id: user.id,
    name: user.name,
    available_name: user.display_name || user.name,
    avatar_url: avatar,
    type: 'user',
    availability_status: user.availability,
    thumbnail: avatar,
  };
}

/** `GET /api/v1/widget/inbox_members` item, with the status visitors see (docs/protocol.md#presence). */
export function inboxMember(user: User, status: AvailabilityStatus): InboxMember {
  return { id: user.id, name: user.display_name || user.name, avatar_url: user.avatar_url ?? '', availability_status: status };
}
