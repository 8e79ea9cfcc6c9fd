import { createHostLanguage, type HostStrings } from '../../../src/sdk/runtime/hostStrings';

/** A loader whose answers the test releases by hand, in any order. */
function controlledLoader() {
  const waiting = new Map<string, { resolve(strings: HostStrings): void; reject(error: Error): void }>();
  const load = vi.fn(
    (locale: string) =>
      new Promise<HostStrings>((resolve, reject) => {
        waiting.set(locale, { resolve, reject });
      }),
  );
  const answer = (locale: string) => waiting.get(locale)!.resolve({ label: `label ${locale}` } as HostStrings);
  const fail = (locale: string) => waiting.get(locale)!.reject(new Error('offline'));
  return { load, answer, fail };
}

const settle = () => new Promise((resolve) => setTimeout(resolve));

describe("the loader's language", () => {
  it('is English, built in, until another is asked for', () => {
    const language = createHostLanguage(vi.fn(), vi.fn());
    expect(language.current.locale).toBe('en');
    expect(language.current.strings.frame).toBe('Chat window');
  });

  it('takes a locale whole, else its language part, and ignores what it has no strings for', async () => {
    const { load, answer } = controlledLoader();
    const onChange = vi.fn();
    const language = createHostLanguage(load, onChange);
    const chosen = language.use('pt-BR');
    answer('pt_BR');
    await chosen;
    const regional = language.use('fr_CA');
    answer('fr');
    await regional;
    await language.use('xx');
    await language.use(undefined);
    expect(load.mock.calls.map(([locale]) => locale)).toEqual(['pt_BR', 'fr']);
    expect(onChange.mock.calls.map(([{ locale }]) => locale)).toEqual(['pt_BR', 'fr']);
  });

  it('keeps the last language asked for when an earlier one arrives after it', async () => {
    const { load, answer } = controlledLoader();
    const onChange = vi.fn();
    const language = createHostLanguage(load, onChange);
    language.use('de');
    language.use('ja');
    answer('ja');
    answer('de');
    await settle();
    expect(language.current.locale).toBe('ja');
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('goes back to English without a request, and drops a language still on its way', async () => {
    const { load, answer } = controlledLoader();
    const onChange = vi.fn();
    const language = createHostLanguage(load, onChange);
    language.use('de');
    await language.use('en');
    answer('de');
    await settle();
    expect(language.current.locale).toBe('en');
    expect(load).toHaveBeenCalledTimes(1);
    expect(onChange).not.toHaveBeenCalled();
  });

  it('stays where it is when the strings cannot be fetched', async () => {
    const { load, fail } = controlledLoader();
    const onChange = vi.fn();
    const language = createHostLanguage(load, onChange);
    const chosen = language.use('ko');
    fail('ko');
    await chosen;
    expect(language.current.locale).toBe('en');
    expect(onChange).not.toHaveBeenCalled();
  });
});
