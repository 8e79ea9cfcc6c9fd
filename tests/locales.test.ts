// @vitest-environment node
import { cpSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkLocales, EXPECTED_LOCALES } from '../scripts/checkLocales.mjs';
import { LOCALES } from '../src/shared/locales';

const realDir = fileURLToPath(new URL('../locales/', import.meta.url));

describe('the real locales folder', () => {
  it('has every locale, with the keys and placeholders of en.json', () => {
    expect(checkLocales(realDir)).toEqual([]);
  });

  it('expects the same locales the widget offers', () => {
    expect([...EXPECTED_LOCALES].sort()).toEqual([...LOCALES].sort());
  });
});

describe('checkLocales on broken files', () => {
  let dir: string;
  const read = (locale: string) => JSON.parse(readFileSync(join(dir, `${locale}.json`), 'utf8')) as Record<string, unknown>;
  const write = (locale: string, data: unknown) => writeFileSync(join(dir, `${locale}.json`), `${JSON.stringify(data, null, 2)}\n`);

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'wren-locales-'));
    cpSync(realDir, dir, { recursive: true });
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('starts from a clean copy', () => {
    expect(checkLocales(dir)).toEqual([]);
  });

  it('reports a missing key', () => {
    const de = read('de');
    delete de['COMPOSER.SEND'];
    write('de', de);
    expect(checkLocales(dir)).toEqual([expect.stringMatching(/^de\.json: missing key "COMPOSER\.SEND"/)]);
  });

  it('reports an extra key', () => {
    write('fr', { ...read('fr'), 'COMPOSER.ATTACH': 'Joindre un fichier' });
    expect(checkLocales(dir)).toEqual([expect.stringMatching(/^fr\.json: extra key "COMPOSER\.ATTACH"/)]);
  });

  it('reports a translated, dropped or added placeholder', () => {
    write('es', { ...read('es'), 'UNREAD.FROM': '{nombre} de {company}' });
    write('it', { ...read('it'), 'CONVERSATION.AGENT_TYPING': 'Sta scrivendo' });
    write('ja', { ...read('ja'), LOADING: '{name} 読み込み中' });
    const problems = checkLocales(dir);
    expect(problems).toHaveLength(3);
    expect(problems).toContainEqual(
      expect.stringMatching(/^es\.json: "UNREAD\.FROM" has placeholders \{company\} \{nombre\}, en\.json has \{company\} \{name\}/),
    );
    expect(problems).toContainEqual(
      expect.stringMatching(/^it\.json: "CONVERSATION\.AGENT_TYPING" has placeholders none, en\.json has \{name\}/),
    );
    expect(problems).toContainEqual(expect.stringMatching(/^ja\.json: "LOADING" has placeholders \{name\}, en\.json has none/));
  });

  it('reports non-string and empty values', () => {
    write('nl', { ...read('nl'), LOADING: 42, RETRY: '  ' });
    expect(checkLocales(dir)).toEqual([
      expect.stringMatching(/^nl\.json: "LOADING" must be a string/),
      expect.stringMatching(/^nl\.json: "RETRY" is empty/),
    ]);
  });

  it('reports keys out of order', () => {
    const { CHAT_WITH_US, ...rest } = read('sv');
    write('sv', { ...rest, CHAT_WITH_US });
    expect(checkLocales(dir)).toEqual([expect.stringMatching(/^sv\.json: keys are not in the same order/)]);
  });

  it('reports invalid JSON', () => {
    writeFileSync(join(dir, 'pl.json'), '{ "CHAT_WITH_US": "Czatuj z nami", }\n');
    expect(checkLocales(dir)).toEqual([expect.stringMatching(/^pl\.json: cannot be read as JSON/)]);
  });

  it('reports a missing locale file and an unexpected one', () => {
    unlinkSync(join(dir, 'pt_BR.json'));
    write('xx', read('de'));
    const problems = checkLocales(dir);
    expect(problems).toHaveLength(2);
    expect(problems).toContainEqual(expect.stringMatching(/^pt_BR\.json: missing/));
    expect(problems).toContainEqual(expect.stringMatching(/^xx\.json: unexpected locale file/));
  });

  it('reports every problem at once', () => {
    const de = read('de');
    delete de['COMPOSER.SEND'];
    write('de', de);
    write('fr', { ...read('fr'), EXTRA: 'x' });
    write('es', { ...read('es'), 'CONVERSATION.AGENT_TYPING': '{nombre} está escribiendo' });
    expect(checkLocales(dir)).toHaveLength(3);
  });
});
