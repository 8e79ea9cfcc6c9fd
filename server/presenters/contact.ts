/**
 * Contact shapes: push data (message sender / conversation meta), the widget's compact
 * contact, and the full record of the Application API and `POST /conversations`.
 */
import type { ContactPushData } from '../../src/shared/applicationApi';
import type { WidgetContact } from '../../src/shared/types';
import type { Contact } from '../repositories/contacts';
import { seconds } from './time';

export type { ContactPushData };

/** `Contact#push_event_data` (docs/protocol.md#shapes Sender, contact variant): the contact as a message sender or conversation meta sender. */
export function contactPushData(contact: Contact): ContactPushData {
  return {
    id: contact.id,
    name: contact.name,
    email: contact.email,
    phone_number: contact.phone_number,
    identifier: contact.identifier,
    thumbnail: contact.avatar_url ?? '',
    additional_attributes: contact.additional_attributes,
    custom_attributes: contact.custom_attributes,
    blocked: contact.blocked,
    type: 'contact',
  };
}

/**
 * `GET /api/v1/widget/contact`: what the widget needs to know, nothing more. A visitor not
 * stored yet (no `contact`) has the same keys, empty (docs/protocol.md#the-lazy-visitor).
 */
export function widgetContact(contact: Contact | undefined): WidgetContact {
  return {
    id: contact?.id ?? null,
    has_email: Boolean(contact?.email),
    has_name: Boolean(contact?.name),
    has_phone_number: Boolean(contact?.phone_number),
    identifier: contact?.identifier ?? null,
  };
}

/**
 * The full contact record (Application API, `POST /api/v1/widget/conversations`);
 * `online` is the visitor's presence (docs/protocol.md#presence).
 */
export function contactJson(contact: Contact, online: boolean) {
  return {
    id: contact.id,
    name: contact.name,
    email: contact.email,
    phone_number: contact.phone_number,
    identifier: contact.identifier,
    thumbnail: contact.avatar_url ?? '',
    availability_status: online ? ('online' as const) : ('offline' as const),
    blocked: contact.blocked,
    additional_attributes: contact.additional_attributes,
    custom_attributes: contact.custom_attributes,
    last_activity_at: seconds(contact.last_activity_at),
    created_at: seconds(contact.created_at),
  };
}

/** The full record's keys for a visitor not stored yet: nothing known (docs/protocol.md#the-lazy-visitor). */
export function blankContactJson() {
  return {
    id: null,
    name: '',
    email: null,
    phone_number: null,
    identifier: null,
    thumbnail: '',
    availability_status: 'offline' as const,
    blocked: false,
    additional_attributes: {},
    custom_attributes: {},
    last_activity_at: null,
    created_at: null,
  };
}
