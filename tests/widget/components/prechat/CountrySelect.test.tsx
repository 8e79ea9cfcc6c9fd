// @vitest-environment happy-dom
import { act, fireEvent, render, screen } from '@testing-library/react';
import { CountrySelect, type CountrySelectLabels } from '../../../../src/widget/components/prechat/CountrySelect';
import { countriesIn } from '../../../../src/widget/lib/dialCodes';

const LABELS: CountrySelectLabels = {
  countryCode: 'Country code',
  selected: (country) => `Country code: ${country.name} ${country.dialCode}`,
  search: 'Search country',
  noResults: 'No results found',
};

function setup(value?: string) {
  const onChange = vi.fn();
  const onChosen = vi.fn();
  const utils = render(
    <CountrySelect id="country" countries={countriesIn('en')} value={value} labels={LABELS} onChange={onChange} onChosen={onChosen} />,
  );
  return { onChange, onChosen, ...utils };
}

const trigger = () => screen.getByRole('button', { name: /^Country code/ });
const search = () => screen.getByRole('combobox', { name: 'Search country' });
const activeOption = () => document.getElementById(search().getAttribute('aria-activedescendant') ?? '');
const key = (element: Element, name: string) => fireEvent.keyDown(element, { key: name });

describe('the dial-code picker', () => {
  it('shows the chosen flag and code, and says them in its name', () => {
    setup('DE');
    expect(trigger().getAttribute('aria-label')).toBe('Country code: Germany +49');
    expect(trigger().textContent).toContain('🇩🇪');
    expect(trigger().textContent).toContain('+49');
    expect(trigger().getAttribute('aria-expanded')).toBe('false');
  });

  it('is just "Country code" when none is chosen', () => {
    setup();
    expect(trigger().getAttribute('aria-label')).toBe('Country code');
    expect(trigger().textContent).not.toContain('+');
  });

  it('opens a searchable list with the chosen country active and focus in the search box', () => {
    setup('DE');
    fireEvent.click(trigger());
    expect(trigger().getAttribute('aria-expanded')).toBe('true');
    expect(trigger().getAttribute('aria-haspopup')).toBe('dialog');
    expect(screen.getByRole('dialog', { name: 'Country code' }).contains(search())).toBe(true);
    expect(document.activeElement).toBe(search());
    expect(search().getAttribute('aria-controls')).toBe(screen.getByRole('listbox').id);
    expect(activeOption()?.textContent).toContain('Germany');
    expect(screen.getByRole('option', { name: /Germany/ }).getAttribute('aria-selected')).toBe('true');
    // Each option: flag, country name, dial code.
    expect(screen.getByRole('option', { name: /Japan/ }).textContent).toBe('🇯🇵Japan+81');
  });

  it('is keyboard operable: arrows move, Enter chooses, then the number comes next', () => {
    const { onChange, onChosen } = setup('DE');
    key(trigger(), 'ArrowDown');
    fireEvent.input(search(), { target: { value: 'united' } });
    expect(activeOption()?.textContent).toMatch(/United/);
    const first = activeOption()?.textContent;
    key(search(), 'ArrowDown');
    expect(activeOption()?.textContent).not.toBe(first);
    key(search(), 'ArrowUp');
    expect(activeOption()?.textContent).toBe(first);
    key(search(), 'ArrowUp'); // stays on the first
    expect(activeOption()?.textContent).toBe(first);
    key(search(), 'Enter');
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChosen).toHaveBeenCalled();
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('chooses the country a search by dial code finds', () => {
    const { onChange } = setup('DE');
    fireEvent.click(trigger());
    fireEvent.input(search(), { target: { value: '+81' } });
    key(search(), 'Enter');
    expect(onChange).toHaveBeenCalledWith('JP');
  });

  it('chooses with a click', () => {
    const { onChange } = setup('DE');
    fireEvent.click(trigger());
    fireEvent.click(screen.getByRole('option', { name: /France/ }));
    expect(onChange).toHaveBeenCalledWith('FR');
  });

  it('says "No results found" when nothing matches, and Enter then chooses nothing', () => {
    const { onChange } = setup('DE');
    fireEvent.click(trigger());
    fireEvent.input(search(), { target: { value: 'qqqzzz' } });
    expect(screen.getByRole('status').textContent).toBe('No results found');
    expect(search().getAttribute('aria-expanded')).toBe('false');
    expect(search().hasAttribute('aria-activedescendant')).toBe(false);
    key(search(), 'Enter');
    expect(onChange).not.toHaveBeenCalled();
  });

  it('closes when focus leaves it (Tab to the next field), and stays open while focus moves within', () => {
    setup('DE');
    const next = document.body.appendChild(document.createElement('input'));
    fireEvent.click(trigger());
    // blur alone, as Chromium sends it to the control losing focus: it does not bubble.
    const blur = (to: Element) => act(() => void search().dispatchEvent(new FocusEvent('blur', { relatedTarget: to })));
    blur(trigger());
    expect(screen.queryByRole('listbox')).not.toBeNull();
    blur(next);
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(trigger().getAttribute('aria-expanded')).toBe('false');
    next.remove();
  });

  it('closes on Escape without letting it close the chat window, and gives focus back', () => {
    setup('DE');
    const windowEscape = vi.fn();
    window.addEventListener('keydown', windowEscape);
    fireEvent.click(trigger());
    key(search(), 'Escape');
    window.removeEventListener('keydown', windowEscape);
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(document.activeElement).toBe(trigger());
    expect(windowEscape).not.toHaveBeenCalled();
  });

  it('does not submit the form it sits in when Enter chooses', () => {
    const submit = vi.fn((event: { preventDefault(): void }) => event.preventDefault());
    render(
      <form onSubmit={submit}>
        <CountrySelect id="c" countries={countriesIn('en')} value="DE" labels={LABELS} onChange={vi.fn()} />
      </form>,
    );
    fireEvent.click(trigger());
    const enter = fireEvent.keyDown(search(), { key: 'Enter' });
    expect(enter).toBe(false); // default prevented
    expect(submit).not.toHaveBeenCalled();
  });
});
