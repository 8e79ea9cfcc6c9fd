/**
 * Agent shapes: the message/typing `sender` (push data) and the widget's inbox member.
 */
import type { AgentProfile, UserPushData } from '../../src/shared/applicationApi';
import type { AvailabilityStatus, InboxMember } from '../../src/shared/types';
import type { AccountRole, User } from '../repositories/users';

export type { UserPushData };

/** `User#push_event_data` (docs/protocol.md#shapes Sender, agent variant): the agent as a message or typing sender. */
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

/** `GET /api/v1/profile`: the agent, their own cable token, and their accounts. */
export function agentProfile(user: User, accounts: { id: number; name: string; role: AccountRole }[]): AgentProfile {
  return {
    id: user.id,
    name: user.name,
    display_name: user.display_name,
    available_name: user.display_name || user.name,
    email: user.email,
    avatar_url: user.avatar_url ?? '',
    pubsub_token: user.pubsub_token,
    availability: user.availability,
    availability_status: user.availability,
    auto_offline: user.auto_offline,
    accounts: accounts.map((a) => ({
      ...a,
      availability: user.availability,
      availability_status: user.availability,
      auto_offline: user.auto_offline,
    })),
  };
}

/** `GET /api/v1/widget/inbox_members` item, with the status visitors see (docs/protocol.md#presence). */
export function inboxMember(user: User, status: AvailabilityStatus): InboxMember {
  return { id: user.id, name: user.display_name || user.name, avatar_url: user.avatar_url ?? '', availability_status: status };
}
