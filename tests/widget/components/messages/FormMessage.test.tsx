// @vitest-environment happy-dom
import { act, fireEvent, render, screen } from '@testing-library/react';
import type { FormField } from '../../../../src/shared/contentAttributes';
import { FormMessage } from '../../../../src/widget/components/messages/FormMessage';
import { LABELS, settle } from './fixtures';

const FIELDS: FormField[] = [
  { name: 'full_name', label: 'Full name', type: 'text', placeholder: 'Jane Doe', required: true },
  { name: 'email', label: 'Email', type: 'email', required: true },
  { name: 'order', label: 'Order number', type: 'text', pattern: '[A-Z]{2}\\d{4}', pattern_error: 'Use two letters and four digits' },
  {
    name: 'topic',
    label: 'Topic',
    type: 'select',
    options: [
      { label: 'Billing', value: 'billing' },
      { label: 'Shipping', value: 'shipping' },
    ],
  },
  { name: 'details', label: 'Details', type: 'text_area', default: 'It broke' },
];

function setup(props: Partial<Parameters<typeof FormMessage>[0]> = {}) {
  const onSubmit = vi.fn<(values: { name: string; value: string }[]) => void>();
  const utils = render(<FormMessage fields={FIELDS} labels={LABELS} onSubmit={onSubmit} {...props} />);
  return { onSubmit, ...utils };
}

const type = (name: string, value: string) => fireEvent.input(screen.getByLabelText(name, { exact: false }), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Submit' }));

describe('a form message', () => {
  it('labels every field and shows placeholders, options and defaults', () => {
    setup();
    expect((screen.getByLabelText('Full name', { exact: false }) as HTMLInputElement).placeholder).toBe('Jane Doe');
    expect(screen.getByLabelText('Email', { exact: false }).getAttribute('type')).toBe('email');
    expect(screen.getByLabelText('Details').tagName).toBe('TEXTAREA');
    expect((screen.getByLabelText('Details') as HTMLTextAreaElement).value).toBe('It broke');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['', 'Billing', 'Shipping']);
  });

  it('says which required fields are empty, and does not submit', () => {
    const { onSubmit } = setup();
    submit();
    expect(onSubmit).not.toHaveBeenCalled();
    const name = screen.getByLabelText('Full name', { exact: false });
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(name.getAttribute('aria-describedby')!)?.textContent).toBe('This field is required');
    expect(screen.getAllByText('This field is required')).toHaveLength(2);
    expect(document.activeElement).toBe(name);
  });

  it('rejects an invalid e-mail address', () => {
    const { onSubmit } = setup();
    type('Full name', 'Jane');
    type('Email', 'jane@');
    submit();
    expect(screen.getByText('Please enter a valid email address')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("shows the field's pattern_error when the value does not match its pattern", () => {
    setup();
    type('Order number', 'ab12');
    submit();
    expect(screen.getByText('Use two letters and four digits')).toBeTruthy();
  });

  it("falls back to 'Please provide a valid input' for a pattern without its own message", () => {
    setup({ fields: [{ name: 'code', label: 'Code', type: 'text', pattern: '\\d+' }] });
    type('Code', 'abc');
    submit();
    expect(screen.getByText('Please provide a valid input')).toBeTruthy();
  });

  it.each([
    [{ name: 'seats', label: 'Seats', type: 'number', min: 2 }, '1', 'Seats must be at least 2.'],
    [{ name: 'seats', label: 'Seats', type: 'number', max: 50 }, '51', 'Seats must be less than or equal to 50.'],
    [{ name: 'seats', label: 'Seats', type: 'number', min: 2, max: 50 }, '80', 'Seats must be between 2 and 50.'],
    [{ name: 'code', label: 'Code', type: 'text', min: 6 }, 'AB12', 'Code must be at least 6 characters long.'],
    [{ name: 'note', label: 'Note', type: 'text_area', max: 5 }, 'Too long', 'Note must be less than or equal to 5 characters long.'],
    [{ name: 'code', label: 'Code', type: 'text', min: 6, max: 8 }, 'AB1', 'Code must be between 6 and 8 characters long.'],
    [{ name: 'seats', label: 'Seats', type: 'number' }, 'lots', "This field isn't valid."],
    [{ name: 'site', label: 'Site', type: 'url' }, 'shop.example', 'Please include a valid url.'],
  ] as const)("holds %j to the form library's rules: %j says %j", (field, value, message) => {
    const { onSubmit } = setup({ fields: [field as FormField] });
    type(field.label, value);
    submit();
    expect(screen.getByText(message)).toBeTruthy();
    expect(screen.getByLabelText(field.label).getAttribute('aria-invalid')).toBe('true');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('takes answers within their bounds', () => {
    const { onSubmit } = setup({
      fields: [
        { name: 'seats', label: 'Seats', type: 'number', min: 2, max: 50 },
        { name: 'code', label: 'Code', type: 'text', min: 2, max: 2 },
      ],
    });
    type('Seats', '50');
    type('Code', '👍🏽');
    submit();
    expect(onSubmit).toHaveBeenCalledOnce();
  });

  it('clears a message as soon as the visitor fixes the field', () => {
    setup();
    submit();
    type('Full name', 'Jane');
    expect(screen.getByLabelText('Full name', { exact: false }).getAttribute('aria-invalid')).toBeNull();
    expect(screen.getAllByText('This field is required')).toHaveLength(1);
  });

  it('submits every field as {name, value}, trimmed, once valid', () => {
    const { onSubmit } = setup();
    type('Full name', ' Jane ');
    type('Email', 'jane@example.com');
    type('Order number', 'AB1234');
    fireEvent.change(screen.getByLabelText('Topic'), { target: { value: 'billing' } });
    submit();
    expect(onSubmit).toHaveBeenCalledExactlyOnceWith([
      { name: 'full_name', value: 'Jane' },
      { name: 'email', value: 'jane@example.com' },
      { name: 'order', value: 'AB1234' },
      { name: 'topic', value: 'billing' },
      { name: 'details', value: 'It broke' },
    ]);
  });

  it('uses the message button_label', () => {
    setup({ buttonLabel: 'Send details' });
    expect(screen.getByRole('button', { name: 'Send details' })).toBeTruthy();
  });

  it('is sent once while the answer is stored, and can be sent again if storing fails', async () => {
    let fail!: (ok: boolean) => void;
    const onSubmit = vi.fn(() => new Promise<boolean>((resolve) => (fail = resolve)));
    render(<FormMessage fields={[{ name: 'n', label: 'Name', type: 'text' }]} labels={LABELS} onSubmit={onSubmit} />);
    submit();
    expect((screen.getByRole('button', { name: 'Submit' }) as HTMLButtonElement).disabled).toBe(true);
    submit();
    expect(onSubmit).toHaveBeenCalledTimes(1);
    await act(async () => {
      fail(false);
      await settle();
    });
    expect((screen.getByRole('button', { name: 'Submit' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('shows the submitted answers read-only, with option labels, and no Submit button', () => {
    setup({
      submittedValues: [
        { name: 'full_name', value: 'Jane' },
        { name: 'topic', value: 'billing' },
      ],
    });
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
    const answers = [...document.querySelectorAll('dt, dd')].map((el) => el.textContent);
    expect(answers).toEqual(['Full name', 'Jane', 'Topic', 'Billing']);
  });
});
