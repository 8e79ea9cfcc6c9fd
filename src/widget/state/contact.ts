import { signal } from '@preact/signals-react';
import type { WidgetContact } from '../../shared/types';
import * as endpoints from '../api/endpoints';
import type { ContactFields } from '../api/endpoints';
import type { Request } from './request';

/** What the widget knows of the visitor: whether the server already has their email, etc. */
export function createContactModel(request: Request) {
  const contact = signal<WidgetContact | null>(null);
  return {
    contact,
    async fetch() {
      contact.value = await request(endpoints.getContact());
      return contact.value;
    },
    /** What another write answered (the contact of a new conversation): no need to ask again. */
    set(known: WidgetContact) {
      contact.value = known;
    },
    /** `PATCH /contact`. Its answer leaves out the `identifier`, which such a write never changes. */
    async update(fields: ContactFields) {
      contact.value = { ...(contact.value ?? { identifier: null }), ...(await request(endpoints.updateContact(fields))) };
    },
  };
}

export type ContactModel = ReturnType<typeof createContactModel>;
