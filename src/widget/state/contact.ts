import { signal, type ReadonlySignal } from '@preact/signals-react';
import type { WidgetContact } from '../../shared/types';
import * as endpoints from '../api/endpoints';
import type { HostCall, Request } from './request';

/**
 * What the widget knows of the visitor (whether the server already has their email, etc.), and
 * the host's calls that change the contact's custom attributes (docs/protocol.md#the-host-api).
 */
export function createContactModel(request: Request, hostCall: HostCall) {
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
    /** `$chatwoot.setCustomAttributes`. */
    setCustomAttributes: (attributes: Record<string, unknown>) =>
      hostCall(endpoints.updateContact({ custom_attributes: attributes }), 'SET_CUSTOM_ATTRIBUTES_ERROR'),
    /** `$chatwoot.deleteCustomAttribute`. */
    deleteCustomAttribute: (name: string) => hostCall(endpoints.deleteContactCustomAttributes([name]), 'DELETE_CUSTOM_ATTRIBUTE_ERROR'),
  };
}

export type ContactModel = ReturnType<typeof createContactModel>;
