import { useEffect, useId, useMemo, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { searchCountries } from '../../lib/countrySearch';
import type { Country } from '../../lib/dialCodes';

export interface CountrySelectLabels {
  /** "Country code": the list's name, and the button's when no country is chosen. */
  countryCode: string;
  /** The button's name with a country chosen, e.g. "Country code: Germany +49". */
  selected(country: Country): string;
  search: string;
  noResults: string;
}

export interface CountrySelectProps {
  /** The button's id: the form focuses it when the country is what is missing. */
  id: string;
  countries: readonly Country[];
  /** ISO code of the chosen country. */
  value: string | undefined;
  labels: CountrySelectLabels;
  invalid?: boolean;
  describedBy?: string;
  onChange(code: string): void;
  /** After a choice: the number comes next. */
  onChosen?(): void;
}

const PAGE = 8;

/**
 * The dial-code picker: a button showing the chosen flag and code that opens a small dialog with
 * a searchable list (the ARIA combobox pattern: the search box keeps focus and points at the
 * active option with `aria-activedescendant`). Arrows, Page Up/Down, Enter to choose, Escape or
 * Tab to leave.
 */
export function CountrySelect({ id, countries, value, labels, invalid, describedBy, onChange, onChosen }: CountrySelectProps) {
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const trigger = useRef<HTMLButtonElement>(null);
  const search = useRef<HTMLInputElement>(null);
  const matches = useMemo(() => searchCountries(countries, query), [countries, query]);
  const chosen = countries.find((country) => country.code === value);
  const optionId = (index: number) => `${listId}-${index}`;

  const show = () => {
    setQuery('');
    setActive(
      Math.max(
        0,
        countries.findIndex((country) => country.code === value),
      ),
    );
    setOpen(true);
  };
  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) trigger.current?.focus();
  };
  const choose = (country: Country | undefined) => {
    if (!country) return;
    onChange(country.code);
    setOpen(false);
    if (onChosen) onChosen();
    else trigger.current?.focus();
  };

  useEffect(() => {
    if (open) search.current?.focus();
  }, [open]);
  useEffect(() => {
    if (open) document.getElementById(optionId(active))?.scrollIntoView?.({ block: 'nearest' });
  }, [open, active, matches]);

  const onTriggerKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      show();
    }
  };

  const onSearchKey = (event: KeyboardEvent<HTMLInputElement>) => {
    const last = matches.length - 1;
    const moves: Record<string, number> = {
      ArrowDown: Math.min(active + 1, last),
      ArrowUp: Math.max(active - 1, 0),
      PageDown: Math.min(active + PAGE, last),
      PageUp: Math.max(active - PAGE, 0),
    };
    if (event.key in moves) {
      event.preventDefault();
      setActive(Math.max(moves[event.key], 0));
    } else if (event.key === 'Enter') {
      // Never submit the form from here.
      event.preventDefault();
      choose(matches[active]);
    } else if (event.key === 'Escape') {
      // The widget closes itself on Escape; here it only closes the list.
      event.preventDefault();
      event.stopPropagation();
      close(true);
    }
  };

  // Leaving the picker (Tab, a click elsewhere) closes the list. Heard in the capture phase: blur
  // does not bubble, and Preact, unlike React, does not turn onBlur into a focusout.
  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (open && !event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false);
  };

  return (
    <div className="country" onBlurCapture={onBlur}>
      <button
        ref={trigger}
        id={id}
        type="button"
        className="country__trigger"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-label={chosen ? labels.selected(chosen) : labels.countryCode}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        onClick={() => (open ? close(false) : show())}
        onKeyDown={onTriggerKey}
      >
        {chosen ? (
          <>
            <span className="country__flag" aria-hidden="true">
              {chosen.flag}
            </span>
            <span dir="ltr">{chosen.dialCode}</span>
          </>
        ) : (
          <span className="country__flag" aria-hidden="true">
            🌐
          </span>
        )}
        <svg className="country__chevron" viewBox="0 0 12 12" aria-hidden="true">
          <path d="M2.5 4.5 6 8l3.5-3.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
        </svg>
      </button>
      {open && (
        <div className="country__popup" role="dialog" aria-label={labels.countryCode}>
          <input
            ref={search}
            className="country__search"
            type="text"
            role="combobox"
            autoComplete="off"
            spellCheck={false}
            aria-label={labels.search}
            placeholder={labels.search}
            aria-expanded={matches.length > 0}
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={matches.length ? optionId(active) : undefined}
            value={query}
            onInput={(event) => {
              setQuery(event.currentTarget.value);
              setActive(0);
            }}
            onKeyDown={onSearchKey}
          />
          <div id={listId} className="country__list" role="listbox" aria-label={labels.countryCode} hidden={!matches.length}>
            {matches.map((country, index) => (
              <div
                key={country.code}
                id={optionId(index)}
                role="option"
                aria-selected={country.code === value}
                className={`country__option${index === active ? ' country__option--active' : ''}`}
                // Keep focus in the search box: the click chooses, the box never blurs.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => choose(country)}
              >
                <span className="country__flag" aria-hidden="true">
                  {country.flag}
                </span>
                <span className="country__name">{country.name}</span>
                <span className="country__code" dir="ltr">
                  {country.dialCode}
                </span>
              </div>
            ))}
          </div>
          {/* Present from the start, so screen readers announce the text when it appears. */}
          <p className="country__empty" role="status">
            {matches.length ? '' : labels.noResults}
          </p>
        </div>
      )}
    </div>
  );
}
