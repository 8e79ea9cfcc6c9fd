import { createRequire } from 'node:module';
import { compactScriptModule } from '../../scripts/compactScript.mjs';

const require = createRequire(import.meta.url);

/**
 * Text of a three-byte script shipped in two bytes a letter (scripts/compactScript.mjs): the
 * module it writes must give back the very text, and be the smaller one.
 */

/** A module as the locale files are written: its text as a string, restored by `.replace()`. */
const write = (text: string, restore?: string) => `export default ${JSON.stringify(text)}${restore ? `.replace(${restore})` : ''};`;

/** The default export of a module's source. */
async function evaluate(code: string): Promise<string> {
  return (await import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`)).default;
}

const utf8 = (code: string) => Buffer.byteLength(code);

describe('a module of text in a three-byte script', () => {
  // emojibase's Hindi names, with ASCII, punctuation and emoji among them that stay as they are.
  const hindi = `${(require('emojibase-data/hi/compact.json') as { label: string }[]).map((e) => e.label).join('\n')}\n“😀” 1-2`;

  it('gives back the very text, in fewer bytes', async () => {
    const code = compactScriptModule(hindi, write);
    expect(code).toContain('.replace(');
    expect(utf8(code)).toBeLessThan(utf8(write(hindi)));
    expect(await evaluate(code)).toBe(hindi);
  });

  it('stays plain where the text has letters of U+0080–U+00FF, which would read as the script’s', async () => {
    const mixed = `${hindi}\nCafé`;
    expect(compactScriptModule(mixed, write)).toBe(write(mixed));
  });

  it('stays plain for a script UTF-8 spells in two bytes or one', () => {
    const russian = Array.from({ length: 40 }, () => 'Улыбающееся лицо с открытым ртом').join('\n');
    expect(compactScriptModule(russian, write)).toBe(write(russian));
    expect(compactScriptModule('Grinning face', write)).toBe(write('Grinning face'));
  });
});
