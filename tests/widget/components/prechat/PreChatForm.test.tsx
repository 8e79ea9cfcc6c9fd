// @vitest-environment happy-dom
import { act, fireEvent, render, screen } from '@testing-library/react';
import { PreChatForm, type PreChatFormLabels } from '../../../../src/widget/components/prechat/PreChatForm';
import { countriesIn } from '../../../../src/widget/lib/dialCodes';
import { formFields, type FieldTexts, type PreChatAnswers } from '../../../../src/widget/lib/preChatFields';
import type { ValidationMessages } from '../../../../src/widget/lib/preChatSchema';
import type { PreChatField } from '../../../../src/shared/types';
import { RULE_MESSAGES } from '../../lib/formRuleFixture';

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
const LABELS: PreChatFormLabels = {
  submit: 'Start Conversation',
  choose: 'Choose an option',
  countryCode: 'Country code',
  selected: (country) => `Country code: ${country.name} ${country.dialCode}`,
  search: 'Search country',
  noResults: 'No results found',
};

const ALL_REQUIRED: PreChatField[] = [
  { field_type: 'standard', name: 'fullName', label: 'Full Name', type: 'text', required: true, enabled: true },
  { field_type: 'standard', name: 'emailAddress', label: 'Email Address', type: 'email', required: true, enabled: true },
  { field_type: 'standard', name: 'phoneNumber', label: 'Phone Number', type: 'text', required: true, enabled: true },
  {
    field_type: 'conversation_attribute',
    name: 'order_id',
    label: 'Order number',
    type: 'text',
    required: true,
    enabled: true,
    regex_pattern: '^[A-Z]{2}\\d{4}$',
    regex_cue: 'Two letters and four digits',
  },
  { field_type: 'contact_attribute', name: 'plan', label: 'Plan', type: 'list', values: ['Free', 'Pro'], required: false, enabled: true },
  { field_type: 'conversation_attribute', name: 'terms', label: 'I accept the terms', type: 'checkbox', required: true, enabled: true },
];

/** `country: null` starts without a country (a browser whose language names no region). */
function setup({
  fields = ALL_REQUIRED,
  country = 'DE' as string | null,
  onSubmit = vi.fn(async (_answers: PreChatAnswers): Promise<unknown> => true),
} = {}) {
  const utils = render(
    <PreChatForm
      fields={formFields(fields, null, { campaign: false, texts: TEXTS })}
      intro="Tell us a little about you"
      messages={MESSAGES}
      labels={LABELS}
      countries={countriesIn('en')}
      defaultCountry={country ?? undefined}
      onSubmit={onSubmit}
    />,
  );
  return { onSubmit, ...utils };
}

const field = (label: string) => screen.getByLabelText(label, { exact: false }) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.input(field(label), { target: { value } });
const submit = () => act(() => fireEvent.click(screen.getByRole('button', { name: 'Start Conversation' })));
const errorOf = (element: Element) => document.getElementById(element.getAttribute('aria-describedby') ?? '')?.textContent;

describe('the pre-chat form', () => {
  it('shows the inbox message on top and labels every field, required ones marked', () => {
    setup();
    expect(screen.getByRole('form', { name: 'Tell us a little about you' })).toBeTruthy();
    expect(field('Full Name').placeholder).toBe('Please enter your full name');
    expect(field('Email Address').type).toBe('email');
    expect(field('Phone Number').type).toBe('tel');
    expect(field('Phone Number').dir).toBe('ltr');
    expect(field('Message').tagName).toBe('TEXTAREA');
    expect(field('Plan').tagName).toBe('SELECT');
    expect(field('I accept the terms').type).toBe('checkbox');
    expect(field('Full Name').required).toBe(true);
    expect(field('Plan').required).toBe(false);
    // The mark beside a required field's label is not part of its name.
    expect(screen.getByText('Full Name').parentElement?.textContent).toBe('Full Name*');
    expect(screen.getByRole('textbox', { name: 'Full Name' })).toBe(field('Full Name'));
  });

  it('on an empty submit shows each error under its field, and focuses the first', async () => {
    const { onSubmit } = setup();
    await submit();
    expect(onSubmit).not.toHaveBeenCalled();
    const expected: [string, string][] = [
      ['Full Name', 'Full Name is required'],
      ['Email Address', 'Email Address is required'],
      ['Phone Number', 'Phone Number is required'],
      ['Order number', 'Order number is required'],
      ['I accept the terms', 'I accept the terms is required'],
      ['Message', 'Message is required'],
    ];
    for (const [label, message] of expected) {
      expect(field(label).getAttribute('aria-invalid')).toBe('true');
      expect(errorOf(field(label))).toBe(message);
    }
    expect(field('Plan').hasAttribute('aria-invalid')).toBe(false);
    expect(document.activeElement).toBe(field('Full Name'));
  });

  it('focuses the first invalid field in form order, wherever it is', async () => {
    setup();
    type('Full Name', 'Ada');
    type('Email Address', 'ada@');
    await submit();
    expect(document.activeElement).toBe(field('Email Address'));
    expect(errorOf(field('Email Address'))).toBe('Please enter a valid email address');
  });

  it("shows the field's regex_cue when its pattern does not match", async () => {
    setup();
    type('Order number', 'ab12');
    await submit();
    expect(errorOf(field('Order number'))).toBe('Two letters and four digits');
  });

  it('clears an error as the visitor fixes it, once they have tried to submit', async () => {
    setup();
    await submit();
    type('Full Name', 'Ada');
    expect(field('Full Name').hasAttribute('aria-invalid')).toBe(false);
    expect(screen.queryByText('Full Name is required')).toBeNull();
  });

  it('asks for a country code when none is chosen, on the picker', async () => {
    setup({ country: null });
    type('Phone Number', '015112345678');
    await submit();
    const picker = screen.getByRole('button', { name: 'Country code' });
    expect(errorOf(field('Phone Number'))).toBe('Please select a country code');
    expect(picker.getAttribute('aria-invalid')).toBe('true');
    expect(errorOf(picker)).toBe('Please select a country code');
  });

  it('says when the number is not a valid phone number', async () => {
    setup();
    type('Phone Number', '12');
    await submit();
    expect(errorOf(field('Phone Number'))).toBe('Please enter a valid phone number');
  });

  it('sends the answers sorted into contact, attributes and message, the number with its dial code', async () => {
    const { onSubmit } = setup();
    type('Full Name', ' Ada Lovelace ');
    type('Email Address', 'ada@example.com');
    type('Phone Number', '0151 1234 5678');
    type('Order number', 'AB1234');
    fireEvent.change(field('Plan'), { target: { value: 'Pro' } });
    fireEvent.click(field('I accept the terms'));
    type('Message', 'Where is my order?');
    await submit();
    expect(onSubmit).toHaveBeenCalledWith({
      contact: { name: 'Ada Lovelace', email: 'ada@example.com', phone_number: '+4915112345678' },
      contactAttributes: { plan: 'Pro' },
      conversationAttributes: { order_id: 'AB1234', terms: true },
      message: 'Where is my order?',
    });
  });

  it('takes another country chosen in the picker', async () => {
    const { onSubmit } = setup({ fields: ALL_REQUIRED.slice(2, 3) });
    fireEvent.click(screen.getByRole('button', { name: /^Country code/ }));
    fireEvent.input(screen.getByRole('combobox', { name: 'Search country' }), { target: { value: 'japan' } });
    fireEvent.keyDown(screen.getByRole('combobox', { name: 'Search country' }), { key: 'Enter' });
    expect(document.activeElement).toBe(field('Phone Number'));
    type('Phone Number', '90 1234 5678');
    type('Message', 'Hi');
    await submit();
    expect(onSubmit.mock.calls[0][0].contact).toEqual({ phone_number: '+819012345678' });
  });

  it('cannot be sent twice while sending, and can be sent again after a failure', async () => {
    let fail: (value: boolean) => void = () => undefined;
    const onSubmit = vi.fn((_answers: PreChatAnswers): Promise<unknown> => new Promise<boolean>((resolve) => (fail = resolve)));
    setup({ fields: ALL_REQUIRED.slice(0, 1), onSubmit });
    type('Full Name', 'Ada');
    type('Message', 'Hi');
    await submit();
    await submit();
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect((screen.getByRole('button', { name: 'Start Conversation' }) as HTMLButtonElement).disabled).toBe(true);
    await act(async () => fail(false));
    expect((screen.getByRole('button', { name: 'Start Conversation' }) as HTMLButtonElement).disabled).toBe(false);
    expect(field('Full Name').value).toBe('Ada');
  });
});
