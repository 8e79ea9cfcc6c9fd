import type { Handled, SelectOption } from '../../../shared/contentAttributes';
import { usePending } from './usePending';
import type { Outcome } from './validation';

/** A choice as its button shows it: the title on the button, the value sent back with it. */
type Option = Handled<SelectOption, 'title' | 'value'>;

export interface OptionsMessageProps {
  options: readonly Option[];
  /** `content_attributes.submitted_values`: once answered, only the choice is shown. */
  submitted?: readonly Option[];
  onSelect(option: SelectOption): Outcome;
}

/** A bot's quick replies: one button per option until the visitor picks one. */
export function OptionsMessage({ options, submitted, onSelect }: OptionsMessageProps) {
  const [pending, track] = usePending();
  const chosen = submitted?.[0];
  if (chosen) return <p className="options__chosen">{chosen.title}</p>;
  return (
    <div className="options">
      {options.map((option, index) => (
        <button
          key={`${index}-${option.value}`}
          type="button"
          className="options__option"
          disabled={pending}
          onClick={() => track(onSelect({ title: option.title, value: option.value }))}
        >
          {option.title}
        </button>
      ))}
    </div>
  );
}
