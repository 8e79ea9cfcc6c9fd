// @vitest-environment happy-dom
import { fireEvent, render, screen, within } from '@testing-library/react';
// Through its chunk, which adds the picker's English strings as it runs.
import type { EmojiPickerProps } from '../../../../src/widget/components/emoji/EmojiPicker';
import { EmojiPicker } from '../../../../src/widget/chunks/contents/emojiPicker';
import { intlLocale, locale, setLocale, t } from '../../../../src/widget/i18n';

/** The picker as the conversation view renders it, with the widget's strings and the build's emoji data. */
function renderPicker(props: Partial<EmojiPickerProps> = {}) {
  const onPick = vi.fn();
  render(
    <EmojiPicker
      locale={locale.value}
      intlLocale={intlLocale.value}
      t={t}
      loadChunk={(load) => load()}
      onPick={onPick}
      storage={localStorage}
      {...props}
    />,
  );
  return { onPick };
}

afterEach(async () => {
  await setLocale('en');
});

describe('the emoji picker', () => {
  it('names its categories and skin tones in the widget’s language, where emojibase has none too', async () => {
    await setLocale('ar');
    renderPicker();
    const tabs = within(await screen.findByRole('tablist'));
    expect(tabs.getAllByRole('tab').map((tab) => tab.getAttribute('aria-label'))).toEqual([
      'الوجوه والمشاعر',
      'الأشخاص والجسم',
      'الحيوانات والطبيعة',
      'الطعام والشراب',
      'السفر والأماكن',
      'الأنشطة',
      'الأشياء',
      'الرموز',
      'الأعلام',
    ]);
    const tones = screen.getByRole('combobox', { name: 'لون البشرة' });
    expect(
      within(tones)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['✋ افتراضي', '✋🏻 بشرة فاتحة', '✋🏼 بشرة فاتحة متوسطة', '✋🏽 بشرة متوسطة', '✋🏾 بشرة داكنة متوسطة', '✋🏿 بشرة داكنة']);
  });

  it('puts focus in its search box as it opens, so typing searches at once', async () => {
    renderPicker();
    const search = screen.getByRole('searchbox', { name: 'Search emoji' });
    expect(document.activeElement).toBe(search);
    // Not through the autofocus attribute, which browsers ignore in a cross-origin frame.
    expect(search.hasAttribute('autofocus')).toBe(false);
    await screen.findByRole('grid');
  });

  it('names a country’s flag after the country, in the widget’s language', async () => {
    await setLocale('fr');
    renderPicker();
    fireEvent.click(await screen.findByRole('tab', { name: 'Drapeaux' }));
    expect(screen.getByRole('gridcell', { name: 'Allemagne' }).textContent).toBe('🇩🇪');
    // Flags that stand for no country keep the dataset's name.
    expect(screen.getByRole('gridcell', { name: 'drapeau de pirate' }).textContent).toBe('🏴‍☠️');
  });
});
