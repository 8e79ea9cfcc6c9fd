import type { FormField } from '../../../src/widget/lib/preChatFields';
import { preChatErrors, preChatSchema, type ValidationMessages } from '../../../src/widget/lib/preChatSchema';
import { RULE_MESSAGES } from './formRuleFixture';

// The words of docs/behaviour.md#validation, as the form shows them in English.
const MESSAGES: ValidationMessages = {
  fullNameRequired: 'Full Name is required',
  emailRequired: 'Email Address is required',
  emailInvalid: 'Please enter a valid email address',
  phoneRequired: 'Phone Number is required',
  dialCodeRequired: 'Please select a country code',
  phoneInvalid: 'Please enter a valid phone number',
  patternMismatch: 'Please provide a valid input',
  rules: RULE_MESSAGES,
  fieldRequired: (label) => `${label} is required`,
};

const field = (key: string, kind: FormField['kind'], fields: Partial<FormField> = {}): FormField => ({
  key,
  name: key.replace(/^(contact|conversation)\./, ''),
  source: key === 'message' ? 'message' : ['fullName', 'emailAddress', 'phoneNumber'].includes(key) ? 'standard' : 'conversation_attribute',
  kind,
  label: key,
  labelFromInbox: false,
  placeholder: '',
  required: false,
  options: [],
  ...fields,
});

/** The first problem of one field's value, or undefined. */
const errorOf = (f: FormField, value: string | boolean) => preChatErrors(preChatSchema([f], MESSAGES), { [f.key]: value })[f.key];

describe('required standard fields', () => {
  it.each([
    ['fullName', 'text', 'Full Name is required'],
    ['emailAddress', 'email', 'Email Address is required'],
    ['phoneNumber', 'phone', 'Phone Number is required'],
    ['message', 'textarea', 'message is required'],
  ] as const)('%s left empty (or blank) says %j', (key, kind, message) => {
    expect(errorOf(field(key, kind, { required: true }), '')).toBe(message);
    expect(errorOf(field(key, kind, { required: true }), '   ')).toBe(message);
  });

  it('every field reports at once, one problem each', () => {
    const fields = [
      field('fullName', 'text', { required: true }),
      field('emailAddress', 'email', { required: true }),
      field('phoneNumber', 'phone', { required: true }),
      field('message', 'textarea', { required: true }),
    ];
    expect(preChatErrors(preChatSchema(fields, MESSAGES), { fullName: '', emailAddress: '', phoneNumber: '', message: '' })).toEqual({
      fullName: 'Full Name is required',
      emailAddress: 'Email Address is required',
      phoneNumber: 'Phone Number is required',
      message: 'message is required',
    });
  });

  it("says a field the inbox named is required in the inbox's words, as its label shows them", () => {
    expect(errorOf(field('fullName', 'text', { required: true, label: 'Full name', labelFromInbox: true }), '')).toBe(
      'Full name is required',
    );
    expect(errorOf(field('emailAddress', 'email', { required: true, label: 'E-mail', labelFromInbox: true }), '')).toBe(
      'E-mail is required',
    );
  });

  it('passes when each is given', () => {
    const fields = [field('fullName', 'text', { required: true }), field('message', 'textarea', { required: true })];
    expect(preChatErrors(preChatSchema(fields, MESSAGES), { fullName: 'Ada', message: 'Hi' })).toEqual({});
  });
});

describe('the e-mail address', () => {
  it.each(['ada', 'ada@example', 'ada @example.com', '@example.com'])('%j is "Please enter a valid email address"', (value) => {
    expect(errorOf(field('emailAddress', 'email'), value)).toBe('Please enter a valid email address');
  });

  it('accepts an address, spaces around it ignored, and an empty optional one', () => {
    expect(errorOf(field('emailAddress', 'email'), ' ada@example.com ')).toBeUndefined();
    expect(errorOf(field('emailAddress', 'email'), '')).toBeUndefined();
  });
});

describe('the phone number (as composed with its dial code)', () => {
  const phone = field('phoneNumber', 'phone');

  it('without a country code is "Please select a country code"', () => {
    expect(errorOf(phone, '015112345678')).toBe('Please select a country code');
  });

  it.each([
    ['too short for the loose rule', '+1234'],
    ['longer than 15 digits', '+1234567890123456'],
    ['a 0 after the plus', '+0151123456'],
    ['letters', '+49151abcdef'],
  ])('%s is "Please enter a valid phone number"', (_, value) => {
    expect(errorOf(phone, value)).toBe('Please enter a valid phone number');
  });

  it('accepts an international number, and an empty optional one', () => {
    expect(errorOf(phone, '+4915112345678')).toBeUndefined();
    expect(errorOf(phone, '')).toBeUndefined();
  });
});

describe('custom attributes', () => {
  it('a required one left empty says "{label} is required"', () => {
    expect(errorOf(field('conversation.order', 'text', { required: true, label: 'Order number' }), '')).toBe('Order number is required');
  });

  it('a required checkbox must be ticked', () => {
    const terms = field('conversation.terms', 'checkbox', { required: true, label: 'I accept the terms' });
    expect(errorOf(terms, false)).toBe('I accept the terms is required');
    expect(errorOf(terms, true)).toBeUndefined();
    expect(errorOf(field('conversation.news', 'checkbox'), false)).toBeUndefined();
  });

  it('a regex_pattern mismatch is "Please provide a valid input", or the regex_cue', () => {
    const order = field('conversation.order', 'text', { pattern: /^[A-Z]{2}\d{4}$/ });
    expect(errorOf(order, 'ab12')).toBe('Please provide a valid input');
    expect(errorOf({ ...order, patternCue: 'Two letters, four digits' }, 'ab12')).toBe('Two letters, four digits');
    expect(errorOf(order, 'AB1234')).toBeUndefined();
    expect(errorOf(order, '')).toBeUndefined();
  });

  it.each([
    ['number', 'twelve', { kind: 'number' }],
    ['date', '2024-02-30', { kind: 'date' }],
    ['date', 'tomorrow', { kind: 'date' }],
    ['date', '2024-13-01', { kind: 'date' }],
    ['list', 'Enterprise', { kind: 'select', options: ['Free', 'Pro'] }],
  ] as const)('a %s attribute given %j is the form library\'s fallback, "This field isn\'t valid."', (_, value, fields) => {
    expect(errorOf(field('conversation.x', fields.kind, fields as Partial<FormField>), value)).toBe("This field isn't valid.");
  });

  it.each(['example.com', 'javascript:alert(1)'])('a link attribute given %j is "Please include a valid url."', (value) => {
    expect(errorOf(field('conversation.x', 'url'), value)).toBe('Please include a valid url.');
  });

  describe("the form library's min, max and between", () => {
    const seats = (bounds: Partial<FormField>) => field('conversation.seats', 'number', { label: 'Seats', ...bounds });
    const code = (bounds: Partial<FormField>) => field('contact.code', 'text', { label: 'Voucher code', ...bounds });

    it.each([
      [{ min: 2 }, '1', 'Seats must be at least 2.'],
      [{ max: 50 }, '51', 'Seats must be less than or equal to 50.'],
      [{ min: 2, max: 50 }, '1', 'Seats must be between 2 and 50.'],
      [{ min: 2, max: 50 }, '50.5', 'Seats must be between 2 and 50.'],
    ])("bound a number's value: %j given %j says %j", (bounds, value, message) => {
      expect(errorOf(seats(bounds), value)).toBe(message);
    });

    it.each([
      [{ min: 6 }, 'AB12', 'Voucher code must be at least 6 characters long.'],
      [{ max: 8 }, 'AB12345678', 'Voucher code must be less than or equal to 8 characters long.'],
      [{ min: 6, max: 8 }, 'AB1', 'Voucher code must be between 6 and 8 characters long.'],
    ])("bound a text's length: %j given %j says %j", (bounds, value, message) => {
      expect(errorOf(code(bounds), value)).toBe(message);
    });

    it('take answers on and within their bounds, and an empty optional one', () => {
      expect(errorOf(seats({ min: 2, max: 50 }), '2')).toBeUndefined();
      expect(errorOf(seats({ min: 2, max: 50 }), '50')).toBeUndefined();
      expect(errorOf(code({ min: 2, max: 3 }), ' 😀👍 ')).toBeUndefined();
      expect(errorOf(seats({ min: 2 }), '')).toBeUndefined();
    });

    it('leave the standard fields to their own rules', () => {
      expect(errorOf(field('fullName', 'text', { min: 50 } as Partial<FormField>), 'Ada')).toBeUndefined();
    });
  });

  it.each([
    ['number', '12.5', { kind: 'number' }],
    ['date', '2024-02-29', { kind: 'date' }],
    ['link', 'https://example.com', { kind: 'url' }],
    ['list', 'Pro', { kind: 'select', options: ['Free', 'Pro'] }],
  ] as const)('a %s attribute accepts %j', (_, value, fields) => {
    expect(errorOf(field('conversation.x', fields.kind, fields as Partial<FormField>), value)).toBeUndefined();
  });

  it('an e-mail attribute is checked as an e-mail address', () => {
    expect(errorOf(field('contact.work_email', 'email'), 'nope')).toBe('Please enter a valid email address');
  });
});
