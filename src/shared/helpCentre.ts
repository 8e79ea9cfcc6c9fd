/**
 * Help-centre rules both sides follow (docs/behaviour.md#help-centre, docs/protocol.md#help-centre).
 * Its own module so that only the widget's help-centre chunk carries it.
 */

const normalise = (code: string) => code.replace('-', '_').toLowerCase();

/**
 * The portal locale whose articles a widget in `widgetLocale` shows, or null for none: the
 * widget's locale when the portal allows it, else its language part (`fr_CA` → `fr`), else the
 * first regional variant of that language the portal allows (`fr` → `fr_BE`). There is no
 * fallback to the portal's default locale: a list in a language the visitor did not choose is
 * hidden rather than shown (Chatwoot's rule). Codes compare without regard to case or `-`/`_`;
 * the answer is spelled as the portal spells it, because it goes into the portal's URLs.
 */
export function helpCentreLocale(widgetLocale: string | null | undefined, allowedLocales: readonly string[]): string | null {
  if (!widgetLocale) return null;
  const wanted = normalise(widgetLocale);
  const language = wanted.split('_')[0];
  const allowed = allowedLocales.filter((code) => typeof code === 'string' && code !== '');
  const find = (test: (code: string) => boolean) => allowed.find((code) => test(normalise(code)));
  return find((code) => code === wanted) ?? find((code) => code === language) ?? find((code) => code.startsWith(`${language}_`)) ?? null;
}
