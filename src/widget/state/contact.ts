import { signal, type ReadonlySignal } from '@preact/signals-react';
import type { WidgetContact } from '../../shared/types';
import * as endpoints from '../api/endpoints';
import type { Request } from './request';

/**
 * What the widget knows of the visitor (whether the server already has their email, etc.). The
 * site's calls on the contact's custom attributes are in `siteCalls.ts`.
 */
export function createContactModel(request: Request) {
  const contact = signal<WidgetContact | null>(null);
  return {
    contact: contact as ReadonlySignal<WidgetContact | null>,
    async fetch() {
      contact.value = await request(endpoints.getContact());
      return contact.value;
    },
    /** The contact the page's data carried (docs/protocol.md#the-data-block), or a write answered (the pre-chat form's). */
    apply(next: WidgetContact) {
      contact.value = next;
    },
  };
}

export type ContactModel = ReturnType<typeof createContactModel>;
