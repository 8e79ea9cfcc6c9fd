// @vitest-environment happy-dom
import { act, render, screen } from '@testing-library/react';
import { ONE_DIRECTION, RichText, loadMarkdownRenderer, type MarkdownRenderer } from '../../../../src/widget/components/messages/RichText';
import { needsRichText } from '../../../../src/widget/components/messages/needsRichText';
import { repairHappyDomForDOMPurify } from './happyDomPurify';
import { settle } from './fixtures';

repairHappyDomForDOMPurify();

/** A renderer the test resolves or rejects by hand. */
function deferredRenderer() {
  let resolve!: (renderer: MarkdownRenderer) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<MarkdownRenderer>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { load: vi.fn(() => promise), resolve, reject };
}

describe('needsRichText', () => {
  it.each([
    'Hello there',
    'Order 1234 is on its way.',
    'Price: 5 - 3 = 2',
    'email me at a@b.co',
    'a > b',
    '#hashtag',
    'C# or F#',
    'a | b',
    'well -- maybe',
  ])('is false for plain text %j', (text) => {
    expect(needsRichText(text)).toBe(false);
  });

  it.each([
    '**bold**',
    'an _aside_',
    '~~old~~',
    '`code`',
    '[docs](https://x.example)',
    'see https://x.example',
    '- item',
    '1. first',
    '> quote',
    'a\\*b',
    '### opensource \n ## tool',
    '## Setup',
    'Above\n---\nBelow',
    '| A | B |\n| --- | --- |\n| 1 | 2 |',
    'a | b\n:-- | --:',
    '<!--cw-colwidths:120,200-->',
    'Screenshot ![](/uploads/screenshot.png)',
  ])('is true for %j', (text) => {
    expect(needsRichText(text)).toBe(true);
  });
});

describe('rich text', () => {
  it('renders plain text as text at once and never loads the renderer', () => {
    const { load } = deferredRenderer();
    const { container } = render(<RichText text={'Hello\n  there'} loadRenderer={load} />);
    expect(container.querySelector('.rich-text')?.textContent).toBe('Hello\n  there');
    expect(load).not.toHaveBeenCalled();
  });

  it('shows the plain text first, then the formatted HTML once the renderer arrives', async () => {
    const { load, resolve } = deferredRenderer();
    const { container } = render(<RichText text="**Hi** there" loadRenderer={load} />);
    expect(container.textContent).toBe('**Hi** there');
    expect(container.querySelector('strong')).toBeNull();
    await act(async () => {
      resolve({ renderMarkdown: (text) => `<p><strong>Hi</strong> there [${text.length}]</p>` });
      await settle();
    });
    expect(container.querySelector('strong')?.textContent).toBe('Hi');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('keeps the plain text when the chunk fails to load', async () => {
    const { load, reject } = deferredRenderer();
    const { container } = render(<RichText text="**Hi** there" loadRenderer={load} />);
    await act(async () => {
      reject(new Error('ChunkLoadError'));
      await settle();
    });
    expect(container.textContent).toBe('**Hi** there');
    expect(container.querySelector('strong')).toBeNull();
  });

  it('keeps the plain text when the renderer throws', async () => {
    const load = () =>
      Promise.resolve({
        renderMarkdown: (): string => {
          throw new Error('no DOMPurify');
        },
      });
    const { container } = render(<RichText text="**Hi**" loadRenderer={load} />);
    await act(settle);
    expect(container.textContent).toBe('**Hi**');
  });

  it('shows message markup as text while waiting, never as HTML', () => {
    const { load } = deferredRenderer();
    const { container } = render(<RichText text={'<img src=x onerror=alert(1)> **x**'} loadRenderer={load} />);
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByText('<img src=x onerror=alert(1)> **x**')).toBeTruthy();
  });

  it('re-renders new text with the renderer it already has', async () => {
    const load = vi.fn(() => Promise.resolve({ renderMarkdown: (text: string) => `<em>${text.length}</em>` }));
    const { container, rerender } = render(<RichText text="*a*" loadRenderer={load} />);
    await act(settle);
    expect(container.querySelector('em')?.textContent).toBe('3');
    rerender(<RichText text="*abc*" loadRenderer={load} />);
    expect(container.querySelector('em')?.textContent).toBe('5');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('loads the real markdown chunk by default and renders sanitised links', async () => {
    const { container } = render(<RichText text="Read [this](https://docs.example) or [that](javascript:alert(1))" />);
    await act(async () => {
      await loadMarkdownRenderer();
      await settle();
    });
    const links = container.querySelectorAll('a');
    expect(links).toHaveLength(1);
    expect(links[0].getAttribute('href')).toBe('https://docs.example');
    expect(links[0].getAttribute('target')).toBe('_blank');
    expect(links[0].getAttribute('rel')).toBe('noopener noreferrer');
    expect(container.textContent).toBe('Read this or that');
  });

  it.each([
    ['headings alone', '### opensource \n ## tool', 'h3, h2'],
    ['a table under the column widths marker', '<!--cw-colwidths:120,200-->\n| A | B |\n| --- | --- |\n| 1 | 2 |', 'table'],
  ])('renders %s as markdown, as Chatwoot does, not as plain text', async (_, text, selector) => {
    const { container } = render(<RichText text={text} />);
    await act(async () => {
      await loadMarkdownRenderer();
      await settle();
    });
    expect(container.querySelectorAll(selector).length).toBeGreaterThan(0);
    expect(container.textContent).not.toMatch(/#|cw-colwidths|---/);
  });

  it('renders at once with the chunk once it has been loaded', async () => {
    await loadMarkdownRenderer();
    const { container } = render(<RichText text="**now**" />);
    expect(container.querySelector('strong')?.textContent).toBe('now');
  });

  // Each line in its own direction (`unicode-bidi: plaintext`, which `dir` turns off) costs
  // Chromium a line's length times its rows: one line of 150,000 characters took 1.3 s of layout
  // at 4× CPU (bench/markdown.mjs).
  describe('a message of more than 10,000 characters', () => {
    // The widget's direction, from its language (`<html dir>`, which `document.dir` reflects).
    beforeEach(() => {
      document.dir = 'rtl';
    });
    afterEach(() => {
      document.dir = '';
    });

    it.each([
      ['plain text', 'a '.repeat(ONE_DIRECTION / 2 + 1)],
      ['markdown', '**a** '.repeat(ONE_DIRECTION / 5)],
    ])('as %s reads in the widget’s direction, not line by line', async (_, long) => {
      await loadMarkdownRenderer();
      const { container } = render(<RichText text={long} />);
      expect(container.querySelector('.rich-text')?.getAttribute('dir')).toBe('rtl');
    });

    it('is the only one: a shorter message reads each line in its own direction', async () => {
      await loadMarkdownRenderer();
      const { container } = render(<RichText text={`**Hello**\n${'a'.repeat(ONE_DIRECTION - 20)}`} />);
      expect(container.querySelector('.rich-text')?.hasAttribute('dir')).toBe(false);
    });
  });
});
