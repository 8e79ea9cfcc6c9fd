import { signal } from '@preact/signals-react';
import type { WidgetContact } from '../../shared/types';
import * as endpoints from '../api/endpoints';
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
    /** The contact the page's data carried (docs/protocol.md#the-data-block). */
    apply(next: WidgetContact) {
      contact.value = next;
    },
  };
}

export type ContactModel = ReturnType<typeof createContactModel>;
