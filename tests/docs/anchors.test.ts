import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import GithubSlugger from 'github-slugger';
import { loadConfig } from '../../server/config';
import { HOST_API_METHODS } from '../../src/shared/hostApi';

/**
 * Code comments, tests and documents cite the repository's documents by section
 * (`docs/protocol.md#the-lazy-visitor`, `[presence](#presence)`): each citation must name a
 * document that exists and a heading it has, as GitHub links headings, so a renamed section
 * cannot leave readers at the top of a page.
 *
 * And each fact stands once, on its audience's page (docs/contributing.md#tests): every setting
 * `server/config.ts` reads is a row of docs/operations.md and of no other document, every method
 * of `$chatwoot` a row of docs/embedding.md and of no other, and every npm command README.md shows
 * is one `package.json` has.
 */

const REPO = new URL('../..', import.meta.url).pathname;
const SELF = relative(REPO, new URL(import.meta.url).pathname);
const TEXT = /\.(?:ts|tsx|mjs|js|json|css|md|conf|yml|yaml|sh)$|(?:^|\/)run$/;

/** The repository's own text files, committed or new (never dependencies, builds or data). */
function repositoryFiles(): string[] {
  const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: REPO, encoding: 'utf8' });
  // This file's own examples of citations are not citations.
  return [...new Set(listed.split('\0'))].filter((file) => TEXT.test(file) && file !== SELF && existsSync(join(REPO, file)));
}

/** The anchors GitHub gives a document's headings (and its explicit `<a id>` / `<a name>` targets). */
function anchorsOf(markdown: string): Set<string> {
  const slugger = new GithubSlugger();
  const anchors = new Set<string>();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*(?:```|~~~)/.test(line)) fenced = !fenced;
    const heading = !fenced && /^#{1,6}\s+(.+?)\s*#*\s*$/.exec(line);
    // GitHub slugs the heading as rendered: a link's text without its target.
    if (heading) anchors.add(slugger.slug(heading[1].replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')));
    for (const target of line.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) anchors.add(target[1]);
  }
  return anchors;
}

interface Citation {
  from: string;
  line: number;
  document: string;
  anchor: string;
}

/** Every `something.md#anchor` in `file`, and in a document its `](#anchor)` links to itself. */
function citationsIn(file: string, text: string): Citation[] {
  const citations: Citation[] = [];
  text.split('\n').forEach((line, index) => {
    for (const match of line.matchAll(/([\w./-]*\.md)#([\w-]+)/g)) {
      // A web address (https://…/README.md#x) is not the repository's document.
      if (match[1].startsWith('//') || /https?:$/.test(line.slice(0, match.index))) continue;
      const document = [join(dirname(file), match[1]), match[1]].find((path) => existsSync(join(REPO, path))) ?? match[1];
      citations.push({ from: file, line: index + 1, document: relative('.', document), anchor: match[2] });
    }
    if (file.endsWith('.md')) {
      for (const match of line.matchAll(/\]\(#([\w-]+)\)/g))
        citations.push({ from: file, line: index + 1, document: file, anchor: match[1] });
    }
  });
  return citations;
}

describe('citations of the documents', () => {
  const files = repositoryFiles();
  const citations = files.flatMap((file) => citationsIn(file, readFileSync(join(REPO, file), 'utf8')));
  const anchors = new Map<string, Set<string>>();
  const anchorsFor = (document: string) => {
    if (!anchors.has(document))
      anchors.set(document, existsSync(join(REPO, document)) ? anchorsOf(readFileSync(join(REPO, document), 'utf8')) : new Set());
    return anchors.get(document)!;
  };

  it('finds the citations it checks', () => {
    expect(citations.filter((c) => c.document.startsWith('docs/')).length).toBeGreaterThan(300);
  });

  it('name a document that exists and a heading it has', () => {
    const dangling = citations
      .filter((c) => !anchorsFor(c.document).has(c.anchor))
      .map((c) => `${c.from}:${c.line} → ${c.document}#${c.anchor}`);
    expect(dangling).toEqual([]);
  });
});

describe('the anchors of a document', () => {
  it('are the headings as GitHub links them, a link’s target and code marks left out, repeats numbered', () => {
    const markdown = [
      '# Protocol',
      '## The `/widget` page',
      '### Several processes (PostgreSQL and Redis)',
      '## [Presence](protocol.md#presence) and typing',
      '```',
      '# not a heading',
      '```',
      '## Shapes',
      '## Shapes',
      '<a id="custom-target"></a>',
    ].join('\n');
    expect([...anchorsOf(markdown)]).toEqual([
      'protocol',
      'the-widget-page',
      'several-processes-postgresql-and-redis',
      'presence-and-typing',
      'shapes',
      'shapes-1',
      'custom-target',
    ]);
  });
});

/** The repository's documents: README.md and docs/*.md. */
function documents(): Record<string, string> {
  const pages = readdirSync(join(REPO, 'docs')).filter((file) => file.endsWith('.md'));
  return Object.fromEntries(
    ['README.md', ...pages.map((page) => `docs/${page}`)].map((path) => [path, readFileSync(join(REPO, path), 'utf8')]),
  );
}

/** How an entry names what it documents: a setting alone (`PORT`), a method called (`toggle(state?)`). */
type EntryForm = 'setting' | 'method';

/**
 * Where each of `names` is documented: the table rows whose first cell starts with the name in
 * code marks, as `form` writes it (`| \`PORT\` |`, `| \`AWAY_MODE\` (Wren) |`, `| \`toggle(state?)\` |`),
 * counted per document. A name mentioned in prose or a later cell is a reference, not its entry,
 * and a method's name uncalled is something else (the `popoutChatWindow` message of protocol.md).
 */
function entriesOf(names: readonly string[], pages: Record<string, string>, form: EntryForm): Map<string, string[]> {
  const entries = new Map(names.map((name) => [name, [] as string[]]));
  for (const [path, text] of Object.entries(pages)) {
    let fenced = false;
    for (const line of text.split('\n')) {
      if (/^\s*(?:```|~~~)/.test(line)) fenced = !fenced;
      const first = !fenced && (form === 'method' ? /^\|\s*`(\w+)\(/ : /^\|\s*`(\w+)`/).exec(line);
      if (first && entries.has(first[1])) entries.get(first[1])!.push(path);
    }
  }
  return entries;
}

/** What is wrong with the documentation of `names`, whose one entry belongs on `home`. */
function entryProblems(names: readonly string[], pages: Record<string, string>, home: string, form: EntryForm = 'setting'): string[] {
  return [...entriesOf(names, pages, form)].flatMap(([name, where]) => {
    if (where.length === 0) return [`${name} is documented nowhere (it belongs in ${home})`];
    if (where.length > 1) return [`${name} is documented ${where.length} times: ${where.join(', ')}`];
    return where[0] === home ? [] : [`${name} is documented in ${where[0]}, not in ${home}`];
  });
}

/** Every environment variable `loadConfig` reads, found by reading them through a proxy. */
function settingsRead(): string[] {
  const read = new Set<string>();
  loadConfig(new Proxy({}, { get: (_env, name) => (typeof name === 'string' && read.add(name), undefined) }));
  return [...read];
}

/** npm's own commands, which no package.json names. */
const NPM_BUILTINS = new Set(['install', 'i', 'ci', 'pack', 'exec', 'init', 'ls', 'outdated', 'update', 'audit', 'version']);
/** npm's lifecycle commands: `npm start` runs the `start` script, which must exist. */
const NPM_LIFECYCLE = new Set(['start', 'test', 'stop', 'restart']);

/** The npm commands shown in `markdown`'s code blocks that `scripts` does not have. */
function missingCommands(markdown: string, scripts: Record<string, string>): string[] {
  const blocks = [...markdown.matchAll(/^```[^\n]*\n([\s\S]*?)^```/gm)].map((block) => block[1]);
  const missing: string[] = [];
  for (const block of blocks) {
    for (const line of block.split('\n')) {
      const code = line.replace(/(^|\s)#.*$/, '');
      for (const [command, verb, script] of code.matchAll(/\bnpm\s+([\w:-]+)(?:\s+([\w:-]+))?/g)) {
        const known =
          verb === 'run' ? script !== undefined && script in scripts : NPM_LIFECYCLE.has(verb) ? verb in scripts : NPM_BUILTINS.has(verb);
        if (!known) missing.push(command);
      }
    }
  }
  return missing;
}

describe('each fact once, on its page', () => {
  const pages = documents();

  it('documents every setting server/config.ts reads once, in docs/operations.md', () => {
    const settings = settingsRead();
    expect(settings).toEqual(expect.arrayContaining(['PORT', 'HOST', 'CHATWOOT_URL', 'RATE_LIMIT_NEW_VISITORS_PER_ADDRESS']));
    expect(entryProblems(settings, pages, 'docs/operations.md')).toEqual([]);
  });

  it('documents every method of $chatwoot once, in docs/embedding.md', () => {
    expect(entryProblems(HOST_API_METHODS, pages, 'docs/embedding.md', 'method')).toEqual([]);
  });

  it('quotes the embed snippet of docs/embedding.md in README.md word for word', () => {
    const firstHtml = (markdown: string) => /^```html\n([\s\S]*?)^```/m.exec(markdown)?.[1];
    expect(firstHtml(pages['README.md'])).toContain('window.chatwootSDK.run');
    expect(firstHtml(pages['README.md'])).toBe(firstHtml(pages['docs/embedding.md']));
  });

  it('quotes in README.md the figures docs/performance.md measured', () => {
    const performance = pages['docs/performance.md'];
    /** The measured cell of the performance row that starts with `start`. */
    const measured = (start: string, column: number) => {
      const row = performance.split('\n').find((line) => line.startsWith(`| ${start}`));
      return row?.split('|')[column].trim();
    };
    const sdk = /^[\d.]+ KB/.exec(measured('`sdk.js`', 2) ?? '')?.[0];
    const requests = /^\d+/.exec(measured('first open, first-time visitor: requests', 3) ?? '')?.[0];
    const bytes = measured('first open, first-time visitor: bytes', 3);
    const time = measured('first open, first-time visitor: click', 3);
    expect([sdk, requests, bytes, time].every(Boolean)).toBe(true);
    const why = pages['README.md'];
    expect(why).toContain(`one ${sdk} script`);
    expect(why).toContain(`${requests} requests, ${bytes} on the wire, ${time} from the click`);
  });

  it('shows in README.md only npm commands package.json has', () => {
    const { scripts } = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    const readme = pages['README.md'];
    expect(readme).toMatch(/npm install && npm start/);
    expect(missingCommands(readme, scripts)).toEqual([]);
  });
});

describe('the checks of each fact once', () => {
  const operations = [
    '| variable | default | meaning |',
    '|---|---|---|',
    '| `PORT` | `3000` | port |',
    '| `AWAY_MODE` (Wren) | `chat` | away |',
  ].join('\n');

  it('pass a name with one entry on its page, whatever prose elsewhere says of it', () => {
    const pages = { 'docs/operations.md': operations, 'README.md': 'Set `PORT` to move it.\n\n| a | `PORT` |' };
    expect(entryProblems(['PORT', 'AWAY_MODE'], pages, 'docs/operations.md')).toEqual([]);
  });

  it('fail a name documented nowhere', () => {
    expect(entryProblems(['HOST'], { 'docs/operations.md': operations }, 'docs/operations.md')).toEqual([
      'HOST is documented nowhere (it belongs in docs/operations.md)',
    ]);
  });

  it('fail a name documented twice, on its page or on another', () => {
    const twice = `${operations}\n| \`PORT\` | 3000 | again |`;
    expect(entryProblems(['PORT'], { 'docs/operations.md': twice }, 'docs/operations.md')).toEqual([
      'PORT is documented 2 times: docs/operations.md, docs/operations.md',
    ]);
    const elsewhere = { 'docs/operations.md': operations, 'README.md': '| `PORT` | 3000 |' };
    expect(entryProblems(['PORT'], elsewhere, 'docs/operations.md')).toEqual(['PORT is documented 2 times: docs/operations.md, README.md']);
  });

  it('fail a name documented on another page', () => {
    const pages = { 'docs/protocol.md': operations };
    expect(entryProblems(['PORT'], pages, 'docs/operations.md')).toEqual([
      'PORT is documented in docs/protocol.md, not in docs/operations.md',
    ]);
  });

  it('read a method’s entry as the method called, and its name alone as something else', () => {
    const embedding = '| method | what |\n|---|---|\n| `toggle(state?)` | opens |';
    const message = '| event | payload |\n|---|---|\n| `toggle` | a postMessage event of that name |';
    expect(
      entryProblems(['toggle'], { 'docs/embedding.md': embedding, 'docs/protocol.md': message }, 'docs/embedding.md', 'method'),
    ).toEqual([]);
    expect(
      entryProblems(['toggle'], { 'docs/embedding.md': `${embedding}\n| \`toggle()\` | again |` }, 'docs/embedding.md', 'method'),
    ).toEqual(['toggle is documented 2 times: docs/embedding.md, docs/embedding.md']);
    expect(entryProblems(['toggle'], { 'docs/embedding.md': message }, 'docs/embedding.md', 'method')).toEqual([
      'toggle is documented nowhere (it belongs in docs/embedding.md)',
    ]);
  });

  it('fail an npm command package.json does not have, and pass npm’s own', () => {
    const scripts = { start: 'node server.js', build: 'node build.mjs' };
    const readme = [
      '```sh',
      'npm install && npm start     # npm run nothing here: a comment',
      'PORT=8080 npm run build; npm ci',
      'npm run bench',
      'npm test',
      'npm frobnicate',
      '```',
      'Prose may say npm run anything.',
    ].join('\n');
    expect(missingCommands(readme, scripts)).toEqual(['npm run bench', 'npm test', 'npm frobnicate']);
  });

  it('find every setting loadConfig reads, the rate limits’ too', () => {
    expect(settingsRead()).toEqual(
      expect.arrayContaining(['DATABASE_URL', 'SMTP_URL', 'RATE_LIMIT_CABLE_SUBSCRIPTIONS_PER_ADDRESS', 'LOGO_THUMBNAIL']),
    );
  });
});
