import type { PreChatField, WidgetContact } from '../../../src/shared/types';
import { compilePattern, formFields, preChatAnswers, type FieldTexts } from '../../../src/widget/lib/preChatFields';

const TEXTS: FieldTexts = {
  fullName: 'Full Name',
  fullNamePlaceholder: 'Please enter your full name',
  emailAddress: 'Email Address',
  emailAddressPlaceholder: 'Please enter your email address',
  phoneNumber: 'Phone Number',
  phoneNumberPlaceholder: 'Please enter your phone number',
  message: 'Message',
  messagePlaceholder: 'Please enter your message',
};

const standard = (name: string, fields: Partial<PreChatField> = {}): PreChatField => ({
  field_type: 'standard',
  name,
  label: '',
  type: 'text',
  required: true,
  enabled: true,
  ...fields,
});

const attribute = (name: string, type: string, fields: Partial<PreChatField> = {}): PreChatField => ({
  field_type: 'conversation_attribute',
  name,
  label: name,
  type,
  required: false,
  enabled: true,
  ...fields,
});

const anonymous: WidgetContact = { id: 1, has_email: false, has_name: true, has_phone_number: false, identifier: null };
const ask = (fields: PreChatField[], contact: WidgetContact | null = anonymous, campaign = false) =>
  formFields(fields, contact, { campaign, texts: TEXTS });

describe('the fields a pre-chat form asks', () => {
  it("asks the inbox's enabled fields in its order, then the message", () => {
    const fields = ask([standard('emailAddress'), standard('fullName', { enabled: false }), standard('phoneNumber')]);
    expect(fields.map((f) => [f.key, f.kind, f.required])).toEqual([
      ['emailAddress', 'email', true],
      ['phoneNumber', 'phone', true],
      ['message', 'textarea', true],
    ]);
  });

  it("takes the inbox's labels and placeholders, and the widget's own where it leaves them empty", () => {
    const [email, name] = ask([standard('emailAddress', { label: 'Email Id', placeholder: 'you@example.com' }), standard('fullName')]);
    expect([email.label, email.placeholder]).toEqual(['Email Id', 'you@example.com']);
    expect([name.label, name.placeholder]).toEqual(['Full Name', 'Please enter your full name']);
    // Whose words the label is decides how a required field says it is missing (preChatSchema.ts).
    expect([email.labelFromInbox, name.labelFromInbox]).toEqual([true, false]);
  });

  it('leaves out the message before a campaign, whose own message starts the conversation', () => {
    expect(ask([standard('fullName'), standard('emailAddress')], anonymous, true).map((f) => f.key)).toEqual(['fullName', 'emailAddress']);
  });

  it('hides what an identified contact already gave', () => {
    const fields = [standard('fullName'), standard('emailAddress'), standard('phoneNumber')];
    const identified: WidgetContact = { id: 1, has_email: true, has_name: true, has_phone_number: false, identifier: 'u-1' };
    expect(ask(fields, identified).map((f) => f.key)).toEqual(['phoneNumber', 'message']);
    expect(ask(fields, { ...identified, has_phone_number: true }).map((f) => f.key)).toEqual(['message']);
  });

  it("asks an anonymous visitor's name although every visitor has a generated one", () => {
    expect(ask([standard('fullName')]).map((f) => f.key)).toEqual(['fullName', 'message']);
  });

  it('turns custom attribute types into controls (Chatwoot link/list and the contract url/select alike)', () => {
    const fields = ask([
      attribute('order', 'text'),
      attribute('seats', 'number'),
      attribute('since', 'date'),
      attribute('site', 'link'),
      attribute('site2', 'url'),
      attribute('plan', 'list', { values: ['Free', 'Pro'] }),
      attribute('plan2', 'select', { values: ['A'] }),
      attribute('terms', 'checkbox'),
      attribute('odd', 'something-new'),
    ]);
    expect(fields.slice(0, -1).map((f) => f.kind)).toEqual([
      'text',
      'number',
      'date',
      'url',
      'url',
      'select',
      'select',
      'checkbox',
      'text',
    ]);
    expect(fields[5].options).toEqual(['Free', 'Pro']);
  });

  it('keeps contact and conversation attributes apart, even with the same key', () => {
    const fields = ask([attribute('plan', 'text', { field_type: 'contact_attribute' }), attribute('plan', 'text')]);
    expect(fields.map((f) => [f.key, f.source])).toEqual([
      ['contact.plan', 'contact_attribute'],
      ['conversation.plan', 'conversation_attribute'],
      ['message', 'message'],
    ]);
  });

  it("carries an attribute's bounds (min, max) to its rules, and none to the standard fields", () => {
    const [seats, name] = ask([attribute('seats', 'number', { min: 2, max: 50 }), standard('fullName', { min: 3 })]);
    expect(seats).toMatchObject({ key: 'conversation.seats', min: 2, max: 50 });
    expect(name.min).toBeUndefined();
  });

  it('skips fields it cannot ask: unknown standard names, nameless ones', () => {
    expect(ask([standard('favouriteColour'), attribute('', 'text')]).map((f) => f.key)).toEqual(['message']);
  });
});

describe('regex_pattern', () => {
  it('compiles a bare pattern and a /literal/ with flags', () => {
    expect(compilePattern('^[A-Z]{2}\\d{4}$')?.test('AB1234')).toBe(true);
    expect(compilePattern('/^ab$/i')?.test('AB')).toBe(true);
  });

  it('drops g and y, which would make test() remember where it stopped', () => {
    const pattern = compilePattern('/\\d/g');
    expect(pattern?.test('1')).toBe(true);
    expect(pattern?.test('1')).toBe(true);
  });

  it('ignores a pattern that does not compile', () => {
    expect(compilePattern('([')).toBeUndefined();
    expect(compilePattern('')).toBeUndefined();
  });
});

describe('what the answers become', () => {
  it('sorts them into the contact, the attributes and the first message', () => {
    const fields = ask([
      standard('fullName'),
      standard('emailAddress'),
      standard('phoneNumber'),
      attribute('plan', 'list', { field_type: 'contact_attribute', values: ['Pro'] }),
      attribute('seats', 'number'),
      attribute('terms', 'checkbox'),
      attribute('note', 'text'),
    ]);
    const answers = preChatAnswers(fields, {
      fullName: ' Ada Lovelace ',
      emailAddress: 'ada@example.com',
      phoneNumber: '+4915112345678',
      'contact.plan': 'Pro',
      'conversation.seats': '12',
      'conversation.terms': true,
      'conversation.note': '  ',
      message: ' Hello ',
    });
    expect(answers).toEqual({
      contact: { name: 'Ada Lovelace', email: 'ada@example.com', phone_number: '+4915112345678' },
      contactAttributes: { plan: 'Pro' },
      conversationAttributes: { seats: 12, terms: true },
      message: 'Hello',
    });
  });

  it('leaves out empty contact fields and keeps an unticked box as false', () => {
    const fields = ask([standard('fullName', { required: false }), attribute('terms', 'checkbox')]);
    expect(preChatAnswers(fields, { fullName: '', message: 'Hi' })).toEqual({
      contact: {},
      contactAttributes: {},
      conversationAttributes: { terms: false },
      message: 'Hi',
    });
  });
});
