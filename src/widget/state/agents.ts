import { computed, signal, type ReadonlySignal } from '@preact/signals-react';
import type { AvailabilityStatus, InboxMember } from '../../shared/types';
import * as endpoints from '../api/endpoints';
import type { Request } from './request';

/** The inbox's agents and their live presence (`presence.update`). */
export function createAgentsModel(request: Request) {
  const members = signal<InboxMember[]>([]);
  const hasFetched = signal(false);
  const hasError = signal(false);
  const online = computed(() => members.value.filter((agent) => agent.availability_status === 'online'));

  return {
    members: members as ReadonlySignal<InboxMember[]>,
    online,
    hasFetched: hasFetched as ReadonlySignal<boolean>,
    hasError: hasError as ReadonlySignal<boolean>,
    async fetch() {
      try {
        members.value = (await request(endpoints.getInboxMembers())).payload;
        hasError.value = false;
      } catch {
        // docs/protocol.md#widget-api: a failed agent fetch sets an error flag and still counts as fetched.
        hasError.value = true;
      } finally {
        hasFetched.value = true;
      }
    },
    /** The members the page's data carried (docs/protocol.md#the-data-block). */
    apply(list: InboxMember[]) {
      members.value = list;
      hasError.value = false;
      hasFetched.value = true;
    },
    /** Agents missing from a presence map are offline (docs/protocol.md#events). */
    applyPresence(users: Record<string, AvailabilityStatus>) {
      members.value = members.value.map((agent) => ({ ...agent, availability_status: users[agent.id] ?? 'offline' }));
    },
  };
}
