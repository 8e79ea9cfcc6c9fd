import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

/**
 * The rich kinds' one list is a compiler link (docs/architecture.md#rich-messages): this compiles
 * the pieces that read content attributes against src/shared/contentAttributes.ts as it is, then
 * against copies with a field or a kind added, and shows `tsc` failing in each piece that has not
 * handled the addition, naming what is missing.
 */

const REPO = new URL('../..', import.meta.url).pathname;
const SCHEMAS = join(REPO, 'src/shared/contentAttributes.ts');
const TYPES = join(REPO, 'src/shared/types.ts');

/**
 * The modules that read a rich kind's attributes in the browser pieces. The server reads them
 * only through the schemas themselves (server/services/messageContent.ts), so it has nothing to
 * handle; the whole-repository `tsc` of `npm run typecheck` covers it.
 */
const READERS = [
  'src/widget/components/messages/InteractiveMessage.tsx',
  'src/widget/components/messages/messageKind.ts',
  'src/widget/state/botReplies.ts',
  'src/agent/lib/messageSummary.ts',
].map((path) => join(REPO, path));

const config = ts.parseJsonConfigFileContent(ts.readConfigFile(join(REPO, 'tsconfig.json'), ts.sys.readFile).config, ts.sys, REPO);

let previous: ts.Program | undefined;

/** `file: message` for every error in the readers' program, with `edits` (path → source) in place of the files on disk. */
function typeErrors(edits: Record<string, string> = {}): string[] {
  const host = ts.createCompilerHost(config.options);
  const readFile = host.readFile.bind(host);
  host.readFile = (path) => edits[path] ?? readFile(path);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (path, language, onError) =>
    edits[path] === undefined ? getSourceFile(path, language, onError) : ts.createSourceFile(path, edits[path], language);
  previous = ts.createProgram({ rootNames: READERS, options: config.options, host, oldProgram: previous });
  return ts
    .getPreEmitDiagnostics(previous)
    .map((d) => `${d.file ? relative(REPO, d.file.fileName) : '?'}: ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`);
}

/** `source` with `find` replaced, failing loudly when the fixture no longer matches the file. */
function edit(source: string, find: string, replacement: string): string {
  expect(source).toContain(find);
  return source.replace(find, replacement);
}

const files = (errors: string[]) => [...new Set(errors.map((error) => error.slice(0, error.indexOf(':'))))].sort();

describe('the rich kinds as a compiler link', () => {
  const schemas = readFileSync(SCHEMAS, 'utf8');

  it('compiles as the repository stands', () => {
    expect(typeErrors()).toEqual([]);
  }, 120_000);

  it('fails where a field added to a kind is not handled: the widget that draws an option', () => {
    const errors = typeErrors({
      [SCHEMAS]: edit(
        schemas,
        'export const SelectOption = v.strictObject({ title: text(), value: v.optional(scalar()) });',
        'export const SelectOption = v.strictObject({ title: text(), value: v.optional(scalar()), image_url: v.optional(httpUrl) });',
      ),
    });
    expect(files(errors)).toEqual([
      'src/widget/components/messages/InteractiveMessage.tsx',
      'src/widget/components/messages/OptionsMessage.tsx',
    ]);
    expect(errors.join('\n')).toMatch(/'unhandled fields': "image_url"/);
  }, 120_000);

  it("fails where a field added to a kind's attributes is not handled: the widget and the agent console", () => {
    const errors = typeErrors({
      [SCHEMAS]: edit(
        schemas,
        "asks: v.looseObject({ display_type: v.optional(v.picklist(['emoji', 'star'])) }),",
        "asks: v.looseObject({ display_type: v.optional(v.picklist(['emoji', 'star'])), scale: v.optional(v.number()) }),",
      ),
    });
    expect(files(errors)).toEqual(['src/agent/lib/messageSummary.ts', 'src/widget/components/messages/InteractiveMessage.tsx']);
    expect(errors.join('\n')).toMatch(/'unhandled fields': "scale"/);
  }, 120_000);

  it('fails where a new kind is not handled: the widget places and renders it, the agent console summarises it', () => {
    const errors = typeErrors({
      [TYPES]: edit(readFileSync(TYPES, 'utf8'), "  | 'voice_call';", "  | 'voice_call'\n  | 'input_date';"),
      [SCHEMAS]: edit(
        schemas,
        '  integrations: { asks: Integration, answer: null },',
        '  integrations: { asks: Integration, answer: null },\n  input_date: { asks: v.looseObject({}), answer: null },',
      ),
    });
    expect(files(errors)).toEqual([
      'src/agent/lib/messageSummary.ts',
      'src/widget/components/messages/InteractiveMessage.tsx',
      'src/widget/components/messages/messageKind.ts',
    ]);
    for (const file of files(errors))
      expect(errors.filter((error) => error.startsWith(file)).join('\n')).toContain("'input_date' is missing");
  }, 120_000);
});
