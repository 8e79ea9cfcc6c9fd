import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import GithubSlugger from 'github-slugger';

/**
 * Code comments, tests and documents cite the repository's documents by section
 * (`docs/protocol.md#the-lazy-visitor`, `[presence](#presence)`): each citation must name a
 * document that exists and a heading it has, as GitHub links headings, so a renamed section
 * cannot leave readers at the top of a page.
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
