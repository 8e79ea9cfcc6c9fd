import { escapeHtml, inlineHtml } from '../../src/shared/markdownInline';

describe('inline markdown', () => {
  it.each([
    ['**bold** and __bold__', '<strong>bold</strong> and <strong>bold</strong>'],
    ['*italic* and _italic_', '<em>italic</em> and <em>italic</em>'],
    ['~~struck~~ but ~not~', '<del>struck</del> but ~not~'],
    ['**bold with *italic* inside**', '<strong>bold with <em>italic</em> inside</strong>'],
    ['***both***', '<strong><em>both</em></strong>'],
    ['a**b**c', 'a<strong>b</strong>c'],
  ])('renders emphasis in %j', (text, html) => {
    expect(inlineHtml(text)).toBe(html);
  });

  it('never crosses emphasis tags, leaving the inner unpaired marker as text', () => {
    expect(inlineHtml('*a _b* c_')).toBe('<em>a _b</em> c_');
  });

  it('leaves markers with spaces on both sides, and underscores inside words, as text', () => {
    expect(inlineHtml('2 * 3 * 4, my_var_name, a ** b')).toBe('2 * 3 * 4, my_var_name, a ** b');
  });

  it.each([
    ['`a < b`', '<code>a &lt; b</code>'],
    ['`` a `tick` b ``', '<code>a `tick` b</code>'],
    ['```one\ntwo```', '<code>one two</code>'],
    ['`unclosed **bold**', '`unclosed <strong>bold</strong>'],
    ['`a\\`', '<code>a\\</code>'],
  ])('renders the code span %j', (text, html) => {
    expect(inlineHtml(text)).toBe(html);
  });

  it('renders a link with a title, as Chatwoot’s editor may write it', () => {
    expect(inlineHtml('[Docs](https://chatwoot.help/hc "Help centre")')).toBe('<a href="https://chatwoot.help/hc">Docs</a>');
  });

  it('renders an image with its alt text, and a linked image (a badge)', () => {
    expect(inlineHtml('![Team photo](https://cdn.example/team.png)')).toBe('<img src="https://cdn.example/team.png" alt="Team photo">');
    expect(inlineHtml('[![badge](https://img.example/b.svg)](https://example.com)')).toBe(
      '<a href="https://example.com"><img src="https://img.example/b.svg" alt="badge"></a>',
    );
  });

  it.each([
    'javascript:alert(1)',
    'data:image/png;base64,AAAA',
    'mailto:a@b.example',
    '\u0001javascript:alert(1)',
    'java\u0001script:alert(1)',
  ])('shows only the alt text of an image whose URL is %j', (url) => {
    expect(inlineHtml(`![alt](${url})`)).toBe('alt');
  });

  it.each([
    ['/uploads/a.png', '/uploads/a.png'],
    ['logo.png?cw_image_height=24px', '/logo.png?cw_image_height=24px" alt="alt" height="24'],
    ['../img/a.png', '/../img/a.png'],
    ['//cdn.example/a.png', '//cdn.example/a.png'],
  ])('roots a relative image %j at the server, as the widget’s page `/widget` does', (url, src) => {
    expect(inlineHtml(`![alt](${url})`)).toContain(`<img src="${src}"`);
  });

  it('links angle-bracket autolinks, www hosts and bare URLs, leaving sentence punctuation out', () => {
    expect(inlineHtml('<https://a.example/x> www.b.example, https://c.example/p_(q)).')).toBe(
      '<a href="https://a.example/x">https://a.example/x</a> <a href="http://www.b.example">www.b.example</a>, ' +
        '<a href="https://c.example/p_(q)">https://c.example/p_(q)</a>).',
    );
  });

  it('does not link inside a word or inside a link label', () => {
    expect(inlineHtml('xhttps://a.example')).toBe('xhttps://a.example');
    expect(inlineHtml('[see www.a.example](https://b.example)')).toBe('<a href="https://b.example">see www.a.example</a>');
  });

  it('keeps brackets that are not a link as text', () => {
    expect(inlineHtml('[1] and [a](b c) and [x]')).toBe('[1] and [a](b c) and [x]');
  });

  it('honours backslash escapes and escapes HTML', () => {
    expect(inlineHtml('\\*a\\* \\[b\\](c) <i>&</i>')).toBe('*a* [b](c) &lt;i&gt;&amp;&lt;/i&gt;');
  });

  it('escapes every HTML-special character', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe('&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;');
  });
});

/**
 * Inputs that made the old renderer quadratic or worse (a 150,000-character agent message froze
 * the widget for 33 s). At that length a quadratic step costs tens of seconds; a linear one
 * milliseconds, so a bound of a second catches a regression even on a busy machine.
 */
describe('inline markdown on hostile inputs of 150,000 characters', () => {
  const LENGTH = 150_000;
  const fill = (unit: string, prefix = '') => (prefix + unit.repeat(Math.ceil(LENGTH / unit.length))).slice(0, LENGTH);

  it.each([
    ['a URL followed by `.)` pairs', fill('.)', 'https://x.test/')],
    ['unclosed strong markers', fill('**a ')],
    ['mixed unclosed markers', fill('**a __b ~~c `d [e ')],
    ['nested brackets', fill('[')],
    ['balanced labels without a URL', fill('[[a]]')],
    ['link openers with unclosed destinations', fill('[a](x(y)')],
    ['image openers', fill('![a](')],
    [
      'backtick runs of growing length',
      Array.from({ length: 600 }, (_, i) => `${'`'.repeat(i + 1)}a`)
        .join('')
        .slice(0, LENGTH),
    ],
    ['angle autolink openers', fill('<http://a')],
    ['bare www hosts', fill('www.a ')],
    ['escapes', fill('\\*')],
  ])('renders %s in under a second', (_, text) => {
    const started = performance.now();
    inlineHtml(text);
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('renders the URL message that took 33 s with the unbalanced tail outside the link', () => {
    const html = inlineHtml(`https://x.test/${'.)'.repeat(75_000)}`);
    expect(html.startsWith('<a href="https://x.test/">https://x.test/</a>.)')).toBe(true);
  });
});
