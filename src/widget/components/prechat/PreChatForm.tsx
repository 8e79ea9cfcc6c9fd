import { useId, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import type { Country } from '../../lib/dialCodes';
import { composePhoneNumber } from '../../lib/phoneNumber';
import { preChatAnswers, type FieldValue, type FormField, type PreChatAnswers } from '../../lib/preChatFields';
import { preChatErrors, preChatSchema, type ValidationMessages } from '../../lib/preChatSchema';
import { CountrySelect, type CountrySelectLabels } from './CountrySelect';

export interface PreChatFormLabels extends CountrySelectLabels {
  submit: string;
  /** A list field's empty choice when the inbox gives no placeholder. */
  choose: string;
}

export interface PreChatFormProps {
  fields: readonly FormField[];
  /** The inbox's `pre_chat_message`, or the campaign header. */
  intro?: string;
  messages: ValidationMessages;
  labels: PreChatFormLabels;
  countries: readonly Country[];
  /** ISO code the phone number starts with (the browser's region). */
  defaultCountry?: string;
  /** Resolves `false` (or rejects) when sending failed: the form stays, filled in. */
  onSubmit(answers: PreChatAnswers): Promise<unknown> | unknown;
}

const AUTOCOMPLETE: Record<string, string> = { fullName: 'name', emailAddress: 'email', phoneNumber: 'tel-national' };

const initialValues = (fields: readonly FormField[]) =>
  Object.fromEntries(fields.map((field) => [field.key, field.kind === 'checkbox' ? false : ''])) as Record<string, FieldValue>;

/**
 * The pre-chat form (docs/behaviour.md#pre-chat-form): the inbox's fields, checked on Start
 * Conversation with the messages of docs/behaviour.md#validation shown under each field
 * (`aria-invalid`, `aria-describedby`), focus on the first field to fix. Once tried, each field
 * is checked again as the visitor corrects it.
 */
export function PreChatForm({ fields, intro, messages, labels, countries, defaultCountry, onSubmit }: PreChatFormProps) {
  const id = useId();
  const schema = useMemo(() => preChatSchema(fields, messages), [fields, messages]);
  const [values, setValues] = useState(() => initialValues(fields));
  const [country, setCountry] = useState(defaultCountry);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [tried, setTried] = useState(false);
  const [pending, setPending] = useState(false);
  const fieldId = (field: FormField) => `${id}-${field.key}`;
  const countryId = (field: FormField) => `${fieldId(field)}-country`;

  /** The answers as they are checked and sent: the phone number with its dial code. */
  const answersOf = (current: Record<string, FieldValue>, countryCode: string | undefined) => {
    const dialCode = countries.find((c) => c.code === countryCode)?.dialCode;
    return Object.fromEntries(
      fields.map((field) => [
        field.key,
        field.kind === 'phone' ? composePhoneNumber(dialCode, String(current[field.key])) : current[field.key],
      ]),
    );
  };

  const recheck = (next: Record<string, FieldValue>, nextCountry: string | undefined) => {
    if (tried) setErrors(preChatErrors(schema, answersOf(next, nextCountry)));
  };
  const update = (field: FormField, value: FieldValue) => {
    const next = { ...values, [field.key]: value };
    setValues(next);
    recheck(next, country);
  };
  const chooseCountry = (code: string) => {
    setCountry(code);
    recheck(values, code);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    const answers = answersOf(values, country);
    const found = preChatErrors(schema, answers);
    setErrors(found);
    setTried(true);
    const invalid = fields.find((field) => found[field.key]);
    if (invalid) {
      // The country button when the dial code is what is missing, else the field itself.
      const target = invalid.kind === 'phone' && found[invalid.key] === messages.dialCodeRequired ? countryId(invalid) : fieldId(invalid);
      document.getElementById(target)?.focus();
      return;
    }
    setPending(true);
    try {
      if ((await onSubmit(preChatAnswers(fields, answers))) === false) setPending(false);
    } catch {
      setPending(false);
    }
  };

  const control = (field: FormField, described: string | undefined): ReactNode => {
    const error = errors[field.key];
    const common = {
      id: fieldId(field),
      name: field.key,
      required: field.required,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': described,
    };
    const text = String(values[field.key] ?? '');
    const onInput = (event: { currentTarget: { value: string } }) => update(field, event.currentTarget.value);
    switch (field.kind) {
      case 'textarea':
        return <textarea {...common} className="prechat__input" rows={3} placeholder={field.placeholder} value={text} onInput={onInput} />;
      case 'select':
        return (
          <select {...common} className="prechat__input" value={text} onChange={onInput}>
            <option value="">{field.placeholder || labels.choose}</option>
            {field.options.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
        );
      case 'checkbox':
        return (
          <input
            {...common}
            type="checkbox"
            className="prechat__checkbox"
            checked={values[field.key] === true}
            onChange={(e) => update(field, e.currentTarget.checked)}
          />
        );
      case 'phone':
        return (
          <div className="prechat__phone">
            <CountrySelect
              id={countryId(field)}
              countries={countries}
              value={country}
              labels={labels}
              invalid={error === messages.dialCodeRequired}
              describedBy={error === messages.dialCodeRequired ? described : undefined}
              onChange={chooseCountry}
              onChosen={() => document.getElementById(fieldId(field))?.focus()}
            />
            {/* Digits read left to right in every script. */}
            <input
              {...common}
              className="prechat__input"
              type="tel"
              dir="ltr"
              inputMode="tel"
              autoComplete={AUTOCOMPLETE.phoneNumber}
              placeholder={field.placeholder}
              value={text}
              onInput={onInput}
            />
          </div>
        );
      default: {
        const type = field.kind === 'number' ? 'text' : field.kind;
        return (
          <input
            {...common}
            className="prechat__input"
            type={type}
            inputMode={field.kind === 'number' ? 'decimal' : undefined}
            autoComplete={field.source === 'standard' ? AUTOCOMPLETE[field.name] : undefined}
            dir={field.kind === 'email' || field.kind === 'url' ? 'ltr' : undefined}
            placeholder={field.placeholder}
            value={text}
            onInput={onInput}
          />
        );
      }
    }
  };

  return (
    <form className="prechat" noValidate aria-labelledby={intro ? `${id}-intro` : undefined} onSubmit={submit}>
      <div className="prechat__fields">
        {intro && (
          <p className="prechat__intro" id={`${id}-intro`}>
            {intro}
          </p>
        )}
        {fields.map((field) => {
          const error = errors[field.key];
          const errorId = `${fieldId(field)}-error`;
          // The required mark sits beside the label, not in it: the field's name is its label alone.
          const label = (
            <span className="prechat__label-row">
              <label className="prechat__label" htmlFor={fieldId(field)}>
                {field.label}
              </label>
              {field.required && (
                <span className="prechat__required" aria-hidden="true">
                  *
                </span>
              )}
            </span>
          );
          return (
            <div className={`prechat__field prechat__field--${field.kind}`} key={field.key}>
              {field.kind === 'checkbox' ? (
                <div className="prechat__check">
                  {control(field, error ? errorId : undefined)}
                  {label}
                </div>
              ) : (
                <>
                  {label}
                  {control(field, error ? errorId : undefined)}
                </>
              )}
              {error && (
                <p className="prechat__error" id={errorId}>
                  {error}
                </p>
              )}
            </div>
          );
        })}
      </div>
      <div className="prechat__actions">
        <button type="submit" className="button button--block" disabled={pending} aria-busy={pending || undefined}>
          {labels.submit}
        </button>
      </div>
    </form>
  );
}
