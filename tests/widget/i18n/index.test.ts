import { addEnglish, direction, loadAllStrings, locale, setLocale, t } from '../../../src/widget/i18n';
import { loadChunk } from '../../../src/widget/lib/loadChunk';

// Only `en` exists as a file; other locales arrive as chunks, so the chunk loader hands back
// a stub translation instead of importing one.
vi.mock('../../../src/widget/lib/loadChunk', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../src/widget/lib/loadChunk')>()),
  loadChunk: vi.fn(),
}));

const translation = (strings: Record<string, string>) => vi.mocked(loadChunk).mockResolvedValueOnce({ default: strings });

afterEach(async () => {
  await setLocale('en');
  vi.mocked(loadChunk).mockReset();
});

/** Lets the chunk loader really import the next file (the whole English strings). */
const importForReal = () => vi.mocked(loadChunk).mockImplementationOnce((load) => load());

describe('the first paint’s strings', () => {
  it('are only the first paint’s until the rest of English arrives, then every string', async () => {
    expect(t('START_CONVERSATION')).toBe('Start Conversation');
    expect(t('HEADER.CLOSE')).toBe('Close chat window');
    expect(t('MESSAGE.FAILED')).toBe('MESSAGE.FAILED');
    // A lazy part's own strings, come with its chunk before the rest: the rest keeps them.
    addEnglish({ 'EMOJI.FLAGS': 'Flags' });
    expect(t('EMOJI.FLAGS')).toBe('Flags');
    importForReal();
    await loadAllStrings();
    expect(t('MESSAGE.FAILED')).toBe("Couldn't send, try again");
    expect(t('EMOJI.FLAGS')).toBe('Flags');
  });

  it('are loaded whole only once', async () => {
    await loadAllStrings();
    expect(loadChunk).not.toHaveBeenCalled();
  });
});

describe('looking up text', () => {
  beforeAll(async () => {
    importForReal();
    await loadAllStrings();
  });

  it('gives the English text by default', () => {
    expect(t('CHAT_WITH_US')).toBe('Chat with us');
  });

  it('fills {placeholders}', () => {
    expect(t('CONVERSATION.AGENT_TYPING', { name: 'Ana' })).toBe('Ana is typing');
  });

  it('fills numbers into placeholders', () => {
    expect(t('COMPOSER.CHARACTERS_LEFT', { count: 42, limit: 500 })).toBe('42 of 500 characters left');
  });

  it('leaves a placeholder it has no value for', () => {
    expect(t('CONVERSATION.AGENT_TYPING', {})).toBe('{name} is typing');
  });

  it('uses the active locale once it has loaded', async () => {
    translation({ CHAT_WITH_US: 'Discutez avec nous' });
    await setLocale('fr');
    expect(locale.value).toBe('fr');
    expect(t('CHAT_WITH_US')).toBe('Discutez avec nous');
  });

  it('falls back to English for a key the locale does not translate', async () => {
    translation({ CHAT_WITH_US: 'Discutez avec nous' });
    await setLocale('fr');
    expect(t('MESSAGE.FAILED')).toBe("Couldn't send, try again");
  });

  it('fills placeholders in translated text', async () => {
    translation({ 'CONVERSATION.AGENT_TYPING': '{name} écrit' });
    await setLocale('fr');
    expect(t('CONVERSATION.AGENT_TYPING', { name: 'Ana' })).toBe('Ana écrit');
  });

  it('keeps the current locale when its chunk fails to load', async () => {
    vi.mocked(loadChunk).mockRejectedValueOnce(new Error('offline'));
    await expect(setLocale('fr')).rejects.toThrow('offline');
    expect(locale.value).toBe('en');
    expect(t('CHAT_WITH_US')).toBe('Chat with us');
  });

  it('does not load anything for a locale that is not offered', async () => {
    await setLocale('xx_YY', ['en', 'fr']);
    expect(loadChunk).not.toHaveBeenCalled();
    expect(locale.value).toBe('en');
  });
});

describe('switching locales quickly', () => {
  /** The next chunk load waits until the test resolves it. */
  function deferredTranslation() {
    let resolve!: (strings: Record<string, string>) => void;
    vi.mocked(loadChunk).mockImplementationOnce(() => new Promise((done) => (resolve = (strings) => done({ default: strings }))));
    return (strings: Record<string, string>) => resolve(strings);
  }

  it('keeps English when asked for it while French is still loading', async () => {
    const french = deferredTranslation();
    const switching = setLocale('fr');
    await setLocale('en');
    french({ CHAT_WITH_US: 'Discutez avec nous' });
    await switching;
    expect(locale.value).toBe('en');
    expect(t('CHAT_WITH_US')).toBe('Chat with us');
  });

  it('keeps the last locale asked for when the chunks arrive out of order', async () => {
    const french = deferredTranslation();
    const german = deferredTranslation();
    const toFrench = setLocale('fr');
    const toGerman = setLocale('de');
    german({ CHAT_WITH_US: 'Schreiben Sie uns' });
    await toGerman;
    french({ CHAT_WITH_US: 'Discutez avec nous' });
    await toFrench;
    expect(locale.value).toBe('de');
    expect(t('CHAT_WITH_US')).toBe('Schreiben Sie uns');
  });

  it('finishes loading a locale when a later call names no locale', async () => {
    const french = deferredTranslation();
    const switching = setLocale('fr');
    await setLocale(undefined);
    french({ CHAT_WITH_US: 'Discutez avec nous' });
    await switching;
    expect(locale.value).toBe('fr');
  });
});

describe('text direction', () => {
  it('is left to right for English', () => {
    expect(direction.value).toBe('ltr');
  });

  it.each(['ar', 'fa', 'he'])('is right to left for %s', async (rtl) => {
    translation({});
    await setLocale(rtl);
    expect(direction.value).toBe('rtl');
  });

  it('is left to right for another language', async () => {
    translation({});
    await setLocale('de');
    expect(direction.value).toBe('ltr');
  });
});
