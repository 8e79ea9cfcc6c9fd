import type { PreChatField, WidgetContact } from '../../shared/types';
import type { Bounds } from './formRules';

/**
 * The pre-chat form's fields (docs/behaviour.md#pre-chat-form): which of the inbox's
 * `pre_chat_fields` the visitor is asked, as what kind of control, and how the answers become
 * the contact, the first message and the custom attributes.
 */

export type FieldKind = 'text' | 'email' | 'phone' | 'number' | 'date' | 'url' | 'select' | 'checkbox' | 'textarea';

/** Where an answer goes. `message` is the conversation's first message. */
export type FieldSource = 'standard' | 'contact_attribute' | 'conversation_attribute' | 'message';

export interface FormField extends Bounds {
  /** Unique within the form (attribute keys may repeat a standard field's name). */
  key: string;
  /** The standard field's name (`fullName`, `emailAddress`, `phoneNumber`) or the attribute key. */
  name: string;
  source: FieldSource;
  kind: FieldKind;
  label: string;
  /** The inbox named it (`label` is the inbox's words, not the widget's). */
  labelFromInbox: boolean;
  placeholder: string;
  required: boolean;
  /** A list attribute's values. */
  options: string[];
  /** A text attribute's `regex_pattern`, when it compiles. */
  pattern?: RegExp;
  /** Its `regex_cue`: what the visitor is told when the pattern does not match. */
  patternCue?: string;
}

/** Labels and placeholders for the standard fields when the inbox leaves them empty, and the message field's. */
export interface FieldTexts {
  fullName: string;
  fullNamePlaceholder: string;
  emailAddress: string;
  emailAddressPlaceholder: string;
  phoneNumber: string;
  phoneNumberPlaceholder: string;
  message: string;
  messagePlaceholder: string;
}

const STANDARD: Record<string, { kind: FieldKind; label: keyof FieldTexts; placeholder: keyof FieldTexts }> = {
  fullName: { kind: 'text', label: 'fullName', placeholder: 'fullNamePlaceholder' },
  emailAddress: { kind: 'email', label: 'emailAddress', placeholder: 'emailAddressPlaceholder' },
  phoneNumber: { kind: 'phone', label: 'phoneNumber', placeholder: 'phoneNumberPlaceholder' },
};

/** Custom attribute display types (Chatwoot's `link` and `list`, the contract's `url` and `select`) → controls. */
const ATTRIBUTE_KINDS: Record<string, FieldKind> = {
  text: 'text',
  email: 'email',
  number: 'number',
  currency: 'number',
  percent: 'number',
  date: 'date',
  link: 'url',
  url: 'url',
  list: 'select',
  select: 'select',
  checkbox: 'checkbox',
};

/**
 * `regex_pattern` as Chatwoot stores it: `/body/flags` or a bare pattern. A pattern that does not
 * compile is ignored rather than blocking every visitor.
 */
export function compilePattern(source: string | undefined | null): RegExp | undefined {
  if (!source) return undefined;
  const literal = /^\/(.+)\/([a-z]*)$/s.exec(source);
  try {
    // `g` and `y` would make `test()` remember where it stopped (docs/embedding.md#where-wren-differs-from-chatwoot).
    return literal ? new RegExp(literal[1], literal[2].replace(/[gy]/g, '')) : new RegExp(source);
  } catch {
    return undefined;
  }
}

/**
 * Whether the contact already gave this field: a site that identified the visitor (or an earlier
 * form) told us. Every anonymous visitor has a generated name, so a name counts only once
 * something identifies the contact.
 */
function alreadyKnown(name: string, contact: WidgetContact | null): boolean {
  if (!contact) return false;
  if (name === 'emailAddress') return contact.has_email;
  if (name === 'phoneNumber') return contact.has_phone_number;
  if (name === 'fullName') return contact.has_name && (contact.has_email || contact.has_phone_number || !!contact.identifier);
  return false;
}

const keyOf = (field: PreChatField) =>
  field.field_type === 'contact_attribute'
    ? `contact.${field.name}`
    : field.field_type === 'conversation_attribute'
      ? `conversation.${field.name}`
      : field.name;

/**
 * The fields to ask, in the inbox's order: the enabled ones the contact has not already given,
 * then the message, unless the form stands before a campaign (whose message opens the conversation).
 */
export function formFields(
  fields: readonly PreChatField[],
  contact: WidgetContact | null,
  { campaign, texts }: { campaign: boolean; texts: FieldTexts },
): FormField[] {
  const asked: FormField[] = [];
  for (const field of fields) {
    if (!field.enabled || !field.name) continue;
    const standard = field.field_type === 'standard' || !field.field_type ? STANDARD[field.name] : undefined;
    if (!standard && (field.field_type === 'standard' || !field.field_type)) continue;
    if (standard && alreadyKnown(field.name, contact)) continue;
    const key = keyOf(field);
    if (asked.some((other) => other.key === key)) continue;
    asked.push({
      key,
      name: field.name,
      source: standard ? 'standard' : field.field_type,
      kind: standard ? standard.kind : (ATTRIBUTE_KINDS[field.type] ?? 'text'),
      label: field.label || (standard ? texts[standard.label] : field.name),
      labelFromInbox: !!field.label,
      placeholder: field.placeholder || (standard ? texts[standard.placeholder] : ''),
      required: !!field.required,
      options: Array.isArray(field.values) ? field.values.map(String) : [],
      pattern: standard ? undefined : compilePattern(field.regex_pattern),
      patternCue: field.regex_cue || undefined,
      ...(!standard && { min: field.min, max: field.max }),
    });
  }
  if (!campaign) {
    asked.push({
      key: 'message',
      name: 'message',
      source: 'message',
      kind: 'textarea',
      label: texts.message,
      labelFromInbox: false,
      placeholder: texts.messagePlaceholder,
      required: true,
      options: [],
    });
  }
  return asked;
}

/** An answer as the form holds it: text, or a checkbox's state. */
export type FieldValue = string | boolean;

/** What the answers become (docs/protocol.md#conversations). */
export interface PreChatAnswers {
  contact: { name?: string; email?: string; phone_number?: string };
  contactAttributes: Record<string, string | number | boolean>;
  conversationAttributes: Record<string, string | number | boolean>;
  message: string;
}

/** A checked value as the attribute stores it: numbers as numbers, checkboxes as booleans, the rest as text. */
function attributeValue(field: FormField, value: FieldValue): string | number | boolean | undefined {
  if (field.kind === 'checkbox') return value === true;
  const text = String(value).trim();
  if (!text) return undefined;
  return field.kind === 'number' ? Number(text) : text;
}

const CONTACT_FIELDS: Record<string, keyof PreChatAnswers['contact']> = {
  fullName: 'name',
  emailAddress: 'email',
  phoneNumber: 'phone_number',
};

/** Sorts valid answers (`values` by field key; the phone number already composed) into their places. */
export function preChatAnswers(fields: readonly FormField[], values: Record<string, FieldValue>): PreChatAnswers {
  const answers: PreChatAnswers = { contact: {}, contactAttributes: {}, conversationAttributes: {}, message: '' };
  for (const field of fields) {
    const value = values[field.key] ?? (field.kind === 'checkbox' ? false : '');
    if (field.source === 'message') answers.message = String(value).trim();
    else if (field.source === 'standard') {
      const text = String(value).trim();
      if (text) answers.contact[CONTACT_FIELDS[field.name]] = text;
    } else {
      const stored = attributeValue(field, value);
      if (stored === undefined) continue;
      const target = field.source === 'contact_attribute' ? answers.contactAttributes : answers.conversationAttributes;
      target[field.name] = stored;
    }
  }
  return answers;
}
