import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { CATEGORIES, loadEmojiNames } from 'emoji-data';
import { readRecentEmoji, rememberEmoji, type EmojiStorage } from '../../lib/emojiRecents';
import { searchEmoji } from '../../lib/emojiSearch';
import { adoptStyles } from '../../lib/adoptStyles';
import type { MessageKey } from '../../i18n';
import {
  baseKey,
  buildCatalog,
  SKIN_TONE_MODIFIERS,
  withSkinTone,
  type CatalogNames,
  type EmojiEntry,
  type EmojiNames,
} from '../../lib/emojiCatalog';
import { EmojiGrid } from './EmojiGrid';
import emojiCss from '../../styles/emoji.chunk.css';

// The picker is a lazy chunk; its stylesheet travels with it.
adoptStyles(emojiCss);

/** The interface strings the picker shows (keys of locales/en.json). */
type EmojiPickerKey = Extract<MessageKey, `EMOJI.${string}`> | 'COMPOSER.EMOJI' | 'LOADING' | 'CHUNK_ERROR' | 'RETRY';

export interface EmojiPickerProps {
  /** The widget's locale (docs/behaviour.md#locales code): names and search use it where the dataset has it. */
  locale: string;
  /** The same as a BCP 47 tag for `Intl` (the i18n module's `intlLocale`): country flags' names. */
  intlLocale: string;
  /**
   * The widget's `t`: the picker looks its own strings up, so their wiring ships in this chunk
   * rather than in the conversation view's (which is near its size ceiling).
   */
  t(key: EmojiPickerKey): string;
  /**
   * The widget's chunk loader (time-out, `ChunkLoadError`), for the names' chunk. Passed in so
   * this chunk shares no code with the first paint (esbuild would split it out of the entry).
   */
  loadChunk<T>(load: () => Promise<T>): Promise<T>;
  /**
   * Where the recently used emoji are kept: the frame's storage while the visitor allows it
   * (docs/behaviour.md#consent), else nothing and the recent ones last for this page.
   */
  storage: EmojiStorage;
  /** The chosen emoji, skin tone applied. */
  onPick(emoji: string): void;
}

/** Each category's name, by emojibase's group number (scripts/emojiData.mjs). */
export const CATEGORY_NAMES: Record<number, EmojiPickerKey> = {
  0: 'EMOJI.SMILEYS',
  1: 'EMOJI.PEOPLE',
  3: 'EMOJI.NATURE',
  4: 'EMOJI.FOOD',
  5: 'EMOJI.TRAVEL',
  6: 'EMOJI.ACTIVITIES',
  7: 'EMOJI.OBJECTS',
  8: 'EMOJI.SYMBOLS',
  9: 'EMOJI.FLAGS',
};
/** The skin tones' names, light to dark, in the order of `SKIN_TONE_MODIFIERS`. */
const TONE_NAMES: EmojiPickerKey[] = [
  'EMOJI.TONE_LIGHT',
  'EMOJI.TONE_MEDIUM_LIGHT',
  'EMOJI.TONE_MEDIUM',
  'EMOJI.TONE_MEDIUM_DARK',
  'EMOJI.TONE_DARK',
];

const RECENT = -1;
/** One picker is open at a time (the composer's), so its ids can be fixed. */
const IDS = { heading: 'emoji-picker-heading', panel: 'emoji-picker-panel' };

/**
 * The emoji picker: categories as tabs (recently used first once there are any), a search by
 * name in the widget's locale, a skin-tone choice, and the emoji in a keyboard-operable grid.
 * Emoji are text in the system's emoji font, no images.
 */
export function EmojiPicker({ locale, intlLocale, t, loadChunk, onPick, storage }: EmojiPickerProps) {
  const [names, setNames] = useState<EmojiNames>();
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [query, setQuery] = useState('');
  const [tab, setTab] = useState(0);
  const [tone, setTone] = useState(-1);
  const [recents, setRecents] = useState(() => readRecentEmoji(storage));
  const [focusGrid, setFocusGrid] = useState(0);
  const search = useRef<HTMLInputElement>(null);

  // Typing goes to the search as the picker opens. Not the autofocus attribute: browsers ignore it
  // in a cross-origin frame ("Blocked autofocusing… in a cross-origin subframe"), where the chat
  // lives, and it only acts while a document loads. Escape is the shell's (lib/escapeLayers.ts).
  useEffect(() => search.current?.focus(), []);

  useEffect(() => {
    let live = true;
    setFailed(false);
    loadChunk(() => loadEmojiNames(locale)).then(
      (module) => live && setNames(module.default),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [locale, attempt]);

  const catalog = useMemo(() => {
    if (!names) return [];
    const regions = new Intl.DisplayNames([intlLocale], { type: 'region' });
    const named: CatalogNames = { category: (key) => t(CATEGORY_NAMES[key]), region: (code) => regions.of(code) ?? code };
    return buildCatalog(CATEGORIES, names, named);
    // `locale` for the category names: two locales may share one dataset (pt, pt_BR).
  }, [names, locale, intlLocale]);
  const all = useMemo(() => catalog.flatMap((category) => category.entries), [catalog]);
  const recentEntries = useMemo(() => {
    const byKey = new Map(all.map((entry) => [baseKey(entry.emoji), entry]));
    return recents.flatMap((emoji) => {
      const entry = byKey.get(baseKey(emoji));
      // A recent emoji keeps the tone it was sent in.
      return entry ? [{ ...entry, emoji, skinnable: false }] : [];
    });
  }, [all, recents]);
  const selected = tab === RECENT && recentEntries.length ? RECENT : Math.max(0, tab);
  const results = useMemo(() => searchEmoji(all, query, locale.replace('_', '-')), [all, query, locale]);
  const searching = query.trim() !== '';
  const entries = searching ? results : selected === RECENT ? recentEntries : (catalog[selected]?.entries ?? []);
  const heading = searching ? t('EMOJI.SEARCH') : selected === RECENT ? t('EMOJI.RECENT') : catalog[selected]?.name;

  const display = (entry: EmojiEntry) => (entry.skinnable ? withSkinTone(entry.emoji, SKIN_TONE_MODIFIERS[tone]) : entry.emoji);
  const pick = (entry: EmojiEntry) => {
    const emoji = display(entry);
    setRecents(rememberEmoji(storage, emoji));
    onPick(emoji);
  };

  const onSearchKey = (event: KeyboardEvent<HTMLInputElement>) => {
    // The picker sits inside the composer's form: Enter here picks, it must not send.
    if (event.key === 'Enter') {
      event.preventDefault();
      if (entries[0]) pick(entries[0]);
    } else if (event.key === 'ArrowDown' && entries.length) {
      event.preventDefault();
      setFocusGrid((n) => n + 1);
    }
  };

  const tabs = [
    ...(recentEntries.length ? [{ key: RECENT, name: t('EMOJI.RECENT'), icon: '🕘' }] : []),
    ...catalog.map((c, i) => ({ key: i, name: c.name, icon: c.entries[0]?.emoji })),
  ];
  const onTabKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const position = tabs.findIndex((tab) => tab.key === selected);
    const rtl = getComputedStyle(event.currentTarget).direction === 'rtl';
    const step = { ArrowRight: rtl ? -1 : 1, ArrowLeft: rtl ? 1 : -1, Home: -position, End: tabs.length - 1 - position }[event.key];
    if (step === undefined) return;
    event.preventDefault();
    const next = tabs[(position + step + tabs.length) % tabs.length];
    setTab(next.key);
    event.currentTarget.querySelector<HTMLElement>(`[data-tab="${next.key}"]`)?.focus();
  };

  return (
    <div className="emoji-picker" role="dialog" aria-label={t('COMPOSER.EMOJI')}>
      <div className="emoji-picker__bar">
        <input
          ref={search}
          type="search"
          className="emoji-picker__search"
          aria-label={t('EMOJI.SEARCH')}
          placeholder={t('EMOJI.SEARCH')}
          value={query}
          onInput={(event) => setQuery(event.currentTarget.value)}
          onKeyDown={onSearchKey}
        />
        {names && (
          <select
            className="emoji-picker__tone"
            aria-label={t('EMOJI.SKIN_TONE')}
            value={tone}
            onChange={(event) => setTone(Number(event.currentTarget.value))}
          >
            <option value={-1}>{`✋ ${t('EMOJI.TONE_NONE')}`}</option>
            {TONE_NAMES.map((name, i) => (
              <option key={name} value={i}>
                {`${withSkinTone('✋', SKIN_TONE_MODIFIERS[i])} ${t(name)}`}
              </option>
            ))}
          </select>
        )}
      </div>
      {failed ? (
        <div className="chunk-error" role="alert">
          <span>{t('CHUNK_ERROR')}</span>
          <button type="button" className="link-button" onClick={() => setAttempt((n) => n + 1)}>
            {t('RETRY')}
          </button>
        </div>
      ) : !names ? (
        <p className="emoji-picker__empty" role="status">
          {t('LOADING')}
        </p>
      ) : (
        <>
          {!searching && (
            <div className="emoji-picker__tabs" role="tablist" aria-label={t('COMPOSER.EMOJI')} onKeyDown={onTabKey}>
              {tabs.map((category) => (
                <button
                  key={category.key}
                  type="button"
                  role="tab"
                  data-tab={category.key}
                  className="emoji-picker__tab"
                  aria-selected={category.key === selected}
                  aria-controls={IDS.panel}
                  aria-label={category.name}
                  title={category.name}
                  tabIndex={category.key === selected ? 0 : -1}
                  onClick={() => setTab(category.key)}
                >
                  {category.icon}
                </button>
              ))}
            </div>
          )}
          {/* biome-ignore lint/a11y/useAriaPropsSupportedByRole: both roles take a label; the rule cannot read a conditional role */}
          <div className="emoji-picker__panel" id={IDS.panel} role={searching ? 'group' : 'tabpanel'} aria-labelledby={IDS.heading}>
            <h2 className="emoji-picker__heading" id={IDS.heading}>
              {heading}
            </h2>
            {entries.length ? (
              <EmojiGrid entries={entries} labelledBy={IDS.heading} display={display} onPick={pick} focusRequest={focusGrid} />
            ) : (
              <p className="emoji-picker__empty" role="status">
                {t('EMOJI.NO_RESULTS')}
              </p>
            )}
          </div>
        </>
      )}
    </div>
  );
}
