import { useId, useState, type FormEvent, type ReactNode } from 'react';
import type { FormField, FormValue, Handled } from '../../../shared/contentAttributes';
import type { InteractiveLabels } from './labels';
import { usePending } from './usePending';
import { fieldError, type Outcome } from './validation';

/** A field as the form shows it; `options` are a select's choices, `title` the label's fallback. */
type Field = Handled<
  FormField,
  'name' | 'label' | 'title' | 'type' | 'placeholder' | 'options' | 'default' | 'required' | 'pattern' | 'pattern_error' | 'min' | 'max'
>;

export interface FormMessageProps {
  fields: readonly Field[];
  /** The message's `button_label`; defaults to `labels.submit`. */
  buttonLabel?: string;
  /** `content_attributes.submitted_values`: when present the form shows the answers, read-only. */
  submittedValues?: readonly Handled<FormValue, 'name' | 'value'>[];
  labels: Pick<InteractiveLabels, 'submit' | 'required' | 'invalidEmail' | 'invalidInput' | 'rules'>;
  onSubmit(values: FormValue[]): Outcome;
}

// A number is typed into a text box (with the number keyboard): a number input hides what it
// cannot read, so "twelve" would reach no rule and be sent as nothing.
const INPUT_TYPES = ['text', 'email', 'tel', 'url', 'date'];

/** A select's choices as text, however the bot typed their values. */
const optionsOf = (field: Field) => (field.options ?? []).map((option) => ({ label: option.label, value: String(option.value) }));

const labelOf = (field: Field) => field.label || field.title || field.name;

/**
 * A bot's `form` message: labelled fields, checked on Submit (required, e-mail, the form
 * library's number, date, link and bounds rules, and each field's pattern) with the message under
 * the field, then `onSubmit([{name, value}])`.
 */
export function FormMessage({ fields, buttonLabel, submittedValues, labels, onSubmit }: FormMessageProps) {
  const id = useId();
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(fields.map((f) => [f.name, f.default == null ? '' : String(f.default)])),
  );
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [checked, setChecked] = useState(false);
  const [pending, track] = usePending();

  if (submittedValues?.length) {
    return (
      <dl className="form-message form-message--submitted">
        {fields.map((field) => {
          const answer = submittedValues.find((v) => v.name === field.name);
          if (!answer) return null;
          const value = String(answer.value ?? '');
          return (
            <div key={field.name}>
              <dt>{labelOf(field)}</dt>
              <dd>{optionsOf(field).find((o) => o.value === value)?.label ?? value}</dd>
            </div>
          );
        })}
      </dl>
    );
  }

  const update = (field: Field, value: string) => {
    setValues((all) => ({ ...all, [field.name]: value }));
    // Once the visitor has tried to submit, each fix clears its message as they type.
    if (checked) setErrors((all) => ({ ...all, [field.name]: fieldError(field, labelOf(field), value, labels) }));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    const found = Object.fromEntries(fields.map((f) => [f.name, fieldError(f, labelOf(f), values[f.name] ?? '', labels)]));
    setErrors(found);
    setChecked(true);
    const invalid = fields.find((f) => found[f.name]);
    if (invalid) {
      document.getElementById(`${id}-${invalid.name}`)?.focus();
      return;
    }
    track(onSubmit(fields.map((f) => ({ name: f.name, value: (values[f.name] ?? '').trim() }))));
  };

  return (
    <form className="form-message" noValidate onSubmit={submit}>
      {fields.map((field) => {
        const fieldId = `${id}-${field.name}`;
        const error = errors[field.name];
        const common = {
          id: fieldId,
          name: field.name,
          className: 'field__input',
          value: values[field.name] ?? '',
          required: field.required,
          'aria-invalid': error ? true : undefined,
          'aria-describedby': error ? `${fieldId}-error` : undefined,
        };
        let control: ReactNode;
        if (field.type === 'select') {
          control = (
            <select {...common} onChange={(e) => update(field, e.currentTarget.value)}>
              <option value="">{field.placeholder ?? ''}</option>
              {optionsOf(field).map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          );
        } else if (field.type === 'textarea' || field.type === 'text_area') {
          control = (
            <textarea
              {...common}
              rows={3}
              placeholder={field.placeholder ?? undefined}
              onInput={(e) => update(field, e.currentTarget.value)}
            />
          );
        } else {
          const type = INPUT_TYPES.includes(field.type) ? field.type : 'text';
          control = (
            <input
              {...common}
              type={type}
              inputMode={field.type === 'number' ? 'decimal' : undefined}
              placeholder={field.placeholder ?? undefined}
              onInput={(e) => update(field, e.currentTarget.value)}
            />
          );
        }
        return (
          <div className="field" key={field.name}>
            <label className="field__label" htmlFor={fieldId}>
              {labelOf(field)}
              {field.required && <span aria-hidden="true"> *</span>}
            </label>
            {control}
            {error && (
              <span className="field__error" id={`${fieldId}-error`}>
                {error}
              </span>
            )}
          </div>
        );
      })}
      <button type="submit" className="button button--block" disabled={pending}>
        {buttonLabel || labels.submit}
      </button>
    </form>
  );
}
