// @vitest-environment happy-dom
// @vitest-environment-options {"settings":{"disableCSSFileLoading":true,"disableJavaScriptFileLoading":true,"disableIframePageLoading":true,"handleDisabledFileLoadingAsSuccess":true}}
import { markdownToHtml, RICH_TEXT_LIMIT, renderMarkdown } from '../../../src/widget/lib/markdown';
import { sanitizeHtml } from '../../../src/widget/lib/sanitizeHtml';
import { repairHappyDomForDOMPurify } from '../components/messages/happyDomPurify';

// DOMPurify parses payloads into an inert document, which in a browser fetches nothing; the
// environment options above stop happy-dom fetching their stylesheets, scripts and frames.
repairHappyDomForDOMPurify();

/** The rendered HTML as a browser would hold it. */
function dom(html: string) {
  const box = document.createElement('div');
  box.innerHTML = html;
  return box;
}

const ALLOWED_ELEMENTS = ['a', 'blockquote', 'br', 'code', 'del', 'em', 'li', 'ol', 'p', 'pre', 'strong', 'ul'];
const URL_ATTRIBUTES = ['href', 'src', 'action', 'formaction', 'xlink:href', 'data', 'poster', 'background', 'srcset'];

/** What every message's HTML must satisfy, whatever the input. */
function expectSafe(html: string) {
  const box = dom(html);
  expect(
    box.querySelector('script, iframe, object, embed, form, style, link, meta, base, svg, math, img, input, button, noscript, template'),
  ).toBeNull();
  for (const element of box.querySelectorAll('*')) {
    expect(ALLOWED_ELEMENTS).toContain(element.tagName.toLowerCase());
    for (const { name, value } of Array.from(element.attributes)) {
      expect(name).not.toMatch(/^on/i);
      expect(['style', 'srcdoc', 'formaction', 'xlink:href', 'action', 'src']).not.toContain(name);
      if (URL_ATTRIBUTES.includes(name)) expect(value.replace(/[\u0000-\u0020]/g, '')).toMatch(/^(?:https?:|mailto:|tel:)/i);
    }
  }
  for (const link of box.querySelectorAll('a')) {
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
  }
  return box;
}

describe('the sanitiser environment', () => {
  it('sanitises past a removed element and keeps allowed ones, as a browser does', () => {
    expect(sanitizeHtml('<b>a</b><img src=x onerror=alert(1)><i>c</i><p>ok</p>')).toBe('ac<p>ok</p>');
  });
});

describe('markdown formatting', () => {
  const html = (text: string) => renderMarkdown(text);

  it('wraps text in a paragraph and turns single newlines into line breaks', () => {
    expect(html('Hello\nworld')).toBe('<p>Hello<br>world</p>');
  });

  it('splits paragraphs on blank lines', () => {
    expect(html('One\n\n\nTwo')).toBe('<p>One</p><p>Two</p>');
  });

  it.each([
    ['**bold**', '<strong>bold</strong>'],
    ['__bold__', '<strong>bold</strong>'],
    ['*italic*', '<em>italic</em>'],
    ['_italic_', '<em>italic</em>'],
    ['***both***', '<strong><em>both</em></strong>'],
    ['~~gone~~', '<del>gone</del>'],
    ['`a < b`', '<code>a &lt; b</code>'],
  ])('renders %s', (text, expected) => {
    expect(html(text)).toBe(`<p>${expected}</p>`);
  });

  it('leaves snake_case words and lone asterisks alone', () => {
    expect(html('use my_var_name and 2 * 3 * 4')).toBe('<p>use my_var_name and 2 * 3 * 4</p>');
  });

  it('does not format inside inline code', () => {
    expect(html('run `**not bold**` now')).toBe('<p>run <code>**not bold**</code> now</p>');
  });

  it('renders a fenced code block verbatim, escaped and unformatted', () => {
    expect(html('```js\nconst a = **b** < c;\n  indented\n```')).toBe('<pre><code>const a = **b** &lt; c;\n  indented</code></pre>');
  });

  it('renders an unclosed fence to the end of the message', () => {
    expect(html('```\ncode')).toBe('<pre><code>code</code></pre>');
  });

  it('renders a markdown link that opens in a new tab without opener or referrer', () => {
    const link = expectSafe(html('See [our docs](https://example.com/docs?a=1&b=2)')).querySelector('a')!;
    expect(link.getAttribute('href')).toBe('https://example.com/docs?a=1&b=2');
    expect(link.textContent).toBe('our docs');
  });

  it('formats a link label', () => {
    expect(dom(html('[**Buy** now](https://shop.example)')).querySelector('a strong')?.textContent).toBe('Buy');
  });

  it('keeps bold around a link', () => {
    expect(dom(html('**[here](https://example.com)**')).querySelector('strong a')?.getAttribute('href')).toBe('https://example.com');
  });

  it('keeps balanced parentheses in a link URL', () => {
    expect(dom(html('[wiki](https://en.wikipedia.org/wiki/Foo_(bar))')).querySelector('a')?.getAttribute('href')).toBe(
      'https://en.wikipedia.org/wiki/Foo_(bar)',
    );
  });

  it.each(['mailto:help@example.com', 'tel:+441234567890'])('allows %s links', (url) => {
    expect(
      dom(html(`[contact](${url})`))
        .querySelector('a')
        ?.getAttribute('href'),
    ).toBe(url);
  });

  it('shows only the label of a link with a relative or unknown-scheme URL', () => {
    const box = expectSafe(html('[a](/relative) [b](ftp://x.org/f) [c](javascript:alert(1))'));
    expect(box.querySelector('a')).toBeNull();
    expect(box.textContent).toBe('a b c');
  });

  it('turns bare URLs into links and leaves sentence punctuation outside', () => {
    const box = expectSafe(html('Go to https://example.com/a_b_c. Or (https://example.org/x)!'));
    const links = [...box.querySelectorAll('a')].map((a) => a.getAttribute('href'));
    expect(links).toEqual(['https://example.com/a_b_c', 'https://example.org/x']);
    expect(box.textContent).toBe('Go to https://example.com/a_b_c. Or (https://example.org/x)!');
  });

  it('does not link a URL inside a link label', () => {
    const box = dom(html('[https://a.example](https://b.example)'));
    expect(box.querySelectorAll('a')).toHaveLength(1);
    expect(box.querySelector('a')?.getAttribute('href')).toBe('https://b.example');
  });

  it('renders unordered lists with -, * and +, right after a paragraph line', () => {
    expect(html('Options:\n- one\n* **two**\n+ three')).toBe(
      '<p>Options:</p><ul><li>one</li><li><strong>two</strong></li><li>three</li></ul>',
    );
  });

  it('starts a new list when bullets change to numbers', () => {
    expect(html('- a\n1. b')).toBe('<ul><li>a</li></ul><ol><li>b</li></ol>');
  });

  it('renders ordered lists and keeps a start number other than 1', () => {
    expect(html('1. first\n2. second')).toBe('<ol><li>first</li><li>second</li></ol>');
    expect(html('3) third\n4) fourth')).toBe('<ol start="3"><li>third</li><li>fourth</li></ol>');
  });

  it('renders block quotes, nested ones too', () => {
    expect(html('> quoted *text*\n> more\n>> deeper\n\nafter')).toBe(
      '<blockquote><p>quoted <em>text</em><br>more</p><blockquote><p>deeper</p></blockquote></blockquote><p>after</p>',
    );
  });

  it('honours backslash escapes', () => {
    expect(html('\\*not italic\\* and \\_no\\_')).toBe('<p>*not italic* and _no_</p>');
  });

  it('shows HTML in a message as text', () => {
    const box = expectSafe(html('<b>hi</b> & <i>bye</i>'));
    expect(box.textContent).toBe('<b>hi</b> & <i>bye</i>');
    expect(box.querySelector('b, i')).toBeNull();
  });

  it('normalises Windows line endings', () => {
    expect(html('a\r\nb')).toBe('<p>a<br>b</p>');
  });

  it('renders an empty message as nothing', () => {
    expect(html('')).toBe('');
    expect(html('  \n  ')).toBe('');
  });

  it('stays fast on a long message of unclosed markers', () => {
    const started = performance.now();
    renderMarkdown('**a __b ~~c `d [e '.repeat(500));
    expect(performance.now() - started).toBeLessThan(2000);
  });
});

/**
 * Payloads from the usual XSS cheat sheets and DOMPurify's own mutation-XSS tests, written as
 * a message's content: they go through the markdown renderer and then DOMPurify.
 */
const XSS_CORPUS = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '<svg onload=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '[x](javascript:alert(1))',
  '[x](JAVASCRIPT:alert(1))',
  '[x](java\tscript:alert(1))',
  '[x](java&#x09;script:alert(1))',
  '[x](  javascript:alert(1))',
  '[x](\u0000javascript:alert(1))',
  '[x](&#106;avascript:alert(1))',
  '[x](javascript&colon;alert(1))',
  '[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
  '[x](vbscript:msgbox(1))',
  '[x](https://a.example/"onmouseover="alert(1))',
  "[x](https://a.example/'onmouseover='alert(1))",
  '[x](https://a.example/"><script>alert(1)</script>)',
  '[**x**](javascript:alert(1))',
  '[ok](https://ok.example)[bad](javascript:alert(1))',
  '[x](javascript:alert(1)',
  '**[x](javascript:alert(1))',
  '<a href="javascript:alert(1)">x</a>',
  '<a href="&#106;avascript:alert(1)">x</a>',
  '<a href="data:text/html,<script>alert(1)</script>">x</a>',
  '<iframe src="https://evil.example"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="javascript:alert(1)">',
  '<form action="javascript:alert(1)"><button formaction="javascript:alert(1)">x</button></form>',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<base href="javascript:alert(1)//">',
  '<style>*{background:url(javascript:alert(1))}</style>',
  '<link rel=stylesheet href=javascript:alert(1)>',
  '<div style="width: expression(alert(1))">x</div>',
  '<p onclick="alert(1)" onmouseover=alert(1)>x</p>',
  '&lt;script&gt;alert(1)&lt;/script&gt;',
  '&#60;img src=x onerror=alert(1)&#62;',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<svg><a xlink:href="javascript:alert(1)"><text>x</text></a></svg>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<form><math><mtext></form><form><mglyph><style></math><img src onerror=alert(1)>',
  '**<img src=x onerror=alert(1)>**',
  '`<script>alert(1)</script>`',
  '```\n<script>alert(1)</script>\n```',
  '> <img src=x onerror=alert(1)>',
  '- [x](javascript:alert(1))\n- <svg onload=alert(1)>',
  'https://example.com/<script>alert(1)</script>',
  'https://example.com/"onmouseover="alert(1)',
  '<input onfocus=alert(1) autofocus>',
  '<details open ontoggle=alert(1)>',
  '<body onload=alert(1)>',
  '<video><source onerror=alert(1)></video>',
  '<a href="https://ok.example" target="_self" rel="opener">x</a>',
  '<<script>script>alert(1)<</script>/script>',
  '\u0000<script>alert(1)</script>',
];

describe('an XSS corpus through the message pipeline', () => {
  it('has at least 30 payloads', () => {
    expect(XSS_CORPUS.length).toBeGreaterThanOrEqual(30);
  });

  it.each(XSS_CORPUS)('renders %j without script, frames, handlers or unsafe URLs', (payload) => {
    expectSafe(renderMarkdown(payload));
  });

  it('never lets raw HTML through as markup, only as text', () => {
    for (const payload of XSS_CORPUS) {
      const box = dom(renderMarkdown(payload));
      expect([...box.querySelectorAll('*')].every((el) => ALLOWED_ELEMENTS.includes(el.tagName.toLowerCase()))).toBe(true);
    }
    expect(dom(renderMarkdown('<script>alert(1)</script>')).textContent).toBe('<script>alert(1)</script>');
  });

  it('keeps the text of a link whose URL is refused', () => {
    expect(dom(renderMarkdown('[click me](javascript:alert(1))')).textContent).toBe('click me');
  });
});

describe('the sanitiser on its own (in case the renderer ever emits raw HTML)', () => {
  // happy-dom logs every <iframe src> it is told not to load; the srcdoc frame covers removal.
  const RAW_HTML_CORPUS = XSS_CORPUS.filter((payload) => !/<iframe[^>]*\ssrc=/.test(payload));

  it.each(RAW_HTML_CORPUS)('cleans %j as HTML', (payload) => {
    expectSafe(sanitizeHtml(payload));
  });

  it('forces target and rel on every link, whatever the input says', () => {
    const link = expectSafe(sanitizeHtml('<a href="https://ok.example" target="_self" rel="opener">x</a>')).querySelector('a')!;
    expect(link.getAttribute('href')).toBe('https://ok.example');
  });

  it('keeps the formatting the renderer produces', () => {
    const html = markdownToHtml('**a** _b_ ~~c~~ `d`\n\n- e\n\n3. f\n\n> g\n\n```\nh\n```\n[i](https://x.example)');
    expect(sanitizeHtml(html)).toBe(
      html.replace('<a href="https://x.example">', '<a href="https://x.example" target="_blank" rel="noopener noreferrer">'),
    );
  });
});

describe('what Chatwoot’s editor and help centre write', () => {
  const html = (text: string) => renderMarkdown(text);

  it.each([1, 2, 3, 4, 5, 6])('renders an h%i heading, closing hashes dropped', (level) => {
    expect(html(`${'#'.repeat(level)} Getting **started** ${'#'.repeat(level)}`)).toBe(
      `<h${level}>Getting <strong>started</strong></h${level}>`,
    );
  });

  it('needs a space after the hashes, and keeps a seventh hash as text', () => {
    expect(html('#hashtag\n\n####### seven')).toBe('<p>#hashtag</p><p>####### seven</p>');
  });

  it('ends a paragraph at a heading', () => {
    expect(html('Intro\n## Setup\nSteps')).toBe('<p>Intro</p><h2>Setup</h2><p>Steps</p>');
  });

  it('renders an article image, lazily loaded, and drops one with another scheme', () => {
    const box = dom(
      html('![Inbox settings](https://cdn.chatwoot.example/inbox.png)\n\n![x](javascript:alert(1)) ![y](data:image/png;base64,AA)'),
    );
    const images = box.querySelectorAll('img');
    expect(images).toHaveLength(1);
    expect(images[0].getAttribute('src')).toBe('https://cdn.chatwoot.example/inbox.png');
    expect(images[0].getAttribute('alt')).toBe('Inbox settings');
    expect(images[0].getAttribute('loading')).toBe('lazy');
    expect(box.textContent).toContain('x y');
  });

  it('renders a GFM table with its alignment, hiding the column widths marker', () => {
    const table =
      '<!--cw-colwidths:120,200,80-->\n| Plan | Agents | Price |\n| :--- | :---: | ---: |\n| Startup | 2 | $19 |\n| Business | `10` | $39 |';
    expect(html(table)).toBe(
      '<table><thead><tr><th align="left">Plan</th><th align="center">Agents</th><th align="right">Price</th></tr></thead>' +
        '<tbody><tr><td align="left">Startup</td><td align="center">2</td><td align="right">$19</td></tr>' +
        '<tr><td align="left">Business</td><td align="center"><code>10</code></td><td align="right">$39</td></tr></tbody></table>',
    );
  });

  it('renders a table without outer pipes, an escaped pipe in a cell, and short rows as they are', () => {
    expect(html('a | b\n--- | ---\nx \\| y | z\nonly')).toBe(
      '<table><thead><tr><th>a</th><th>b</th></tr></thead><tbody><tr><td>x | y</td><td>z</td></tr><tr><td>only</td></tr></tbody></table>',
    );
  });

  it('does not make a table when the delimiter row has another number of cells', () => {
    expect(html('| a | b |\n| --- |')).toBe('<p>| a | b |<br>| --- |</p>');
  });

  it('hides the column widths marker alone on its line even after a paragraph', () => {
    expect(html('Prices:\n<!--cw-colwidths:100,100-->\n| a | b |\n|---|---|\n| 1 | 2 |')).not.toContain('cw-colwidths');
  });

  it('shows any other HTML comment as text', () => {
    expect(dom(html('<!-- note -->')).textContent).toBe('<!-- note -->');
  });

  it.each([
    ['a trailing backslash', 'Line one\\\nLine two'],
    ['two trailing spaces', 'Line one  \nLine two'],
  ])('turns %s into one line break, the marker dropped', (_, text) => {
    expect(html(text)).toBe('<p>Line one<br>Line two</p>');
  });

  it('keeps a backslash at the end of the last line', () => {
    expect(html('C:\\')).toBe('<p>C:\\</p>');
  });

  it.each(['---', '***', '___', '- - -'])('renders %j as a rule', (rule) => {
    expect(html(`above\n${rule}\nbelow`)).toBe('<p>above</p><hr><p>below</p>');
  });

  it('renders the help-centre mix of headings, lists, quotes, code and links', () => {
    const article = [
      '## Install the widget',
      '1. Open **Settings → Inboxes**',
      '2. Copy the `<script>` snippet',
      '',
      '> **Note:** the snippet works on any site.',
      '',
      '```html',
      '<script src="https://app.example/packs/js/sdk.js"></script>',
      '```',
      'Read more at <https://www.chatwoot.com/docs>.',
    ].join('\n');
    const box = dom(html(article));
    expect(box.querySelector('h2')?.textContent).toBe('Install the widget');
    expect([...box.querySelectorAll('ol li')].map((li) => li.textContent)).toEqual([
      'Open Settings → Inboxes',
      'Copy the <script> snippet',
    ]);
    expect(box.querySelector('blockquote strong')?.textContent).toBe('Note:');
    expect(box.querySelector('pre code')?.textContent).toBe('<script src="https://app.example/packs/js/sdk.js"></script>');
    expect(box.querySelector('a')?.getAttribute('href')).toBe('https://www.chatwoot.com/docs');
    expect(box.querySelector('script')).toBeNull();
  });
});

describe('the rich-text limit', () => {
  it('renders a message up to the limit as markdown', () => {
    const text = `${'a'.repeat(RICH_TEXT_LIMIT - 10)} **bold**`;
    expect(markdownToHtml(text)).toContain('<strong>bold</strong>');
  });

  it('shows what follows the last line break before the limit as plain text, line breaks kept', () => {
    const head = `**rich**\n${'a'.repeat(RICH_TEXT_LIMIT - 30)}`;
    const html = markdownToHtml(`${head}\n${'b'.repeat(40)}\n**plain** <b>x</b>`);
    expect(html).toBe(
      `<p><strong>rich</strong><br>${'a'.repeat(RICH_TEXT_LIMIT - 30)}</p><p>\n${'b'.repeat(40)}\n**plain** &lt;b&gt;x&lt;/b&gt;</p>`,
    );
  });

  // The bubble keeps line breaks (`white-space: pre-wrap`): an element per line would give a
  // 150,000-character message of short lines 65,000 more elements to sanitise, style and lay out.
  it('keeps the plain text past the limit one text node, whatever its lines', () => {
    const box = dom(renderMarkdown(`${'x'.repeat(RICH_TEXT_LIMIT)}\n${'a\n'.repeat(20_000)}`));
    expect(box.querySelectorAll('*')).toHaveLength(2);
    expect(box.lastElementChild?.childNodes).toHaveLength(1);
    expect(box.lastElementChild?.textContent).toBe(`\n${'a\n'.repeat(20_000)}`);
  });

  it('cuts a message without line breaks at the limit itself', () => {
    const html = markdownToHtml(`${'a '.repeat(RICH_TEXT_LIMIT)}**x**`);
    expect(html).toBe(`<p>${'a '.repeat(RICH_TEXT_LIMIT / 2).trim()}</p><p>${'a '.repeat(RICH_TEXT_LIMIT / 2)}**x**</p>`);
  });

  it.each([
    ['a URL followed by `.)` × 75,000', `https://x.test/${'.)'.repeat(75_000)}`],
    ['`**a ` × 37,500', '**a '.repeat(37_500)],
    ['150,000 `>`', '>'.repeat(150_000)],
    ['a 25,000-row table', `| a | b |\n| - | - |\n${'| x | y |\n'.repeat(25_000)}`],
    ['150,000 `[`', '['.repeat(150_000)],
  ])('turns the hostile message %s into HTML in under a second', (_, text) => {
    // DOMPurify is left out: happy-dom builds large DOMs far slower than a browser does.
    const started = performance.now();
    markdownToHtml(text);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});

describe('images through the sanitiser', () => {
  it('keeps an http(s) image with its alt text', () => {
    expect(sanitizeHtml('<img src="https://a.example/i.png" alt="A">')).toBe('<img src="https://a.example/i.png" alt="A" loading="lazy">');
  });

  it.each(['javascript:alert(1)', 'data:image/svg+xml,<svg onload=alert(1)>', 'mailto:a@b.example', 'x', ''])(
    'drops an image whose source is %j',
    (src) => {
      expect(sanitizeHtml(`a<img src="${src}" onerror="alert(1)">b`)).toBe('ab');
    },
  );

  it('drops table styling and event handlers but keeps the alignment', () => {
    expect(
      sanitizeHtml('<table style="x" onclick="alert(1)"><tbody><tr><td align="right" style="color:red">1</td></tr></tbody></table>'),
    ).toBe('<table><tbody><tr><td align="right">1</td></tr></tbody></table>');
  });
});

/**
 * The vectors of Chatwoot's own formatter spec (shared/helpers/specs/MessageFormatter.spec.js),
 * rendered as the widget shows them: the same elements and attributes, without its markup
 * details (classes, `style`, XHTML slashes), which the widget's CSP and sanitiser forbid.
 */
describe("Chatwoot's formatter vectors", () => {
  const html = (text: string) => renderMarkdown(text);
  const origin = location.origin;

  it('renders headings written one after the other, a space before the second', () => {
    expect(html('### opensource \n ## tool')).toBe('<h3>opensource</h3><h2>tool</h2>');
  });

  it('renders no setext heading when text is followed by escaped dashes', () => {
    expect(html('hy\n\n\\\n\\-\\-\n\nHello there')).not.toMatch(/<h[12]/);
  });

  it.each([
    ['24px', 'http://chatwoot.com/chatwoot.png?cw_image_height=24px', '24'],
    ['a number without a unit', 'https://cdn.example/a.png?size=2&cw_image_height=120', '120'],
    ['auto, the original size', 'http://chatwoot.com/chatwoot.png?cw_image_height=auto', null],
    ['no cw_image_height', 'http://chatwoot.com/chatwoot.png', null],
  ])('sets an image’s height from cw_image_height: %s', (_, url, height) => {
    const image = dom(html(`Chatwoot is an opensource tool. ![](${url})`)).querySelector('img');
    expect(image?.getAttribute('src')).toBe(url);
    expect(image?.getAttribute('height')).toBe(height);
    expect(image?.hasAttribute('style')).toBe(false);
  });

  // The widget's page is `/widget`, so its server's root is where Chatwoot's widget loads these from too.
  it('loads a relative image from the widget’s own server', () => {
    const image = dom(html('Screenshot ![](/uploads/screenshot.png)')).querySelector('img');
    expect(image?.getAttribute('src')).toBe('/uploads/screenshot.png');
    expect(image?.src).toBe(`${origin}/uploads/screenshot.png`);
  });

  it('sets the height of a relative image too, relative to the server’s root', () => {
    const image = dom(html('![](logo.png?cw_image_height=24px)')).querySelector('img');
    expect(image?.getAttribute('src')).toBe('/logo.png?cw_image_height=24px');
    expect(image?.src).toBe(`${origin}/logo.png?cw_image_height=24px`);
    expect(image?.getAttribute('height')).toBe('24');
  });

  it('keeps an image whose URL cannot be parsed, without throwing', () => {
    expect(dom(html('Broken ![](http://)')).querySelector('img')?.getAttribute('src')).toBe('http://');
  });

  it.each([
    ['alone on its line', '<!--cw-colwidths:120,200-->\n| A | B |\n| --- | --- |\n| 1 | 2 |', 'table'],
    ['inside a quote', '> <!--cw-colwidths:120,200-->\n> | A | B |\n> | --- | --- |\n> | 1 | 2 |', 'blockquote table'],
  ])('strips the help centre’s column widths marker %s, the table still rendered', (_, text, selector) => {
    const box = dom(html(text));
    expect(box.innerHTML).not.toContain('cw-colwidths');
    expect(box.textContent).not.toContain('cw-colwidths');
    expect(box.querySelector(selector)).not.toBeNull();
  });

  it('shows a javascript: link as its text (Chatwoot shows its markdown source), other links as links', () => {
    const box = dom(html('[xssLink](javascript:alert(document.cookie))\n[normalLink](https://google.com)**I am a bold text paragraph**'));
    expect(box.innerHTML).toBe(
      '<p>xssLink<br><a href="https://google.com" target="_blank" rel="noopener noreferrer">normalLink</a><strong>I am a bold text paragraph</strong></p>',
    );
  });

  // The article editor's encoding of empty lines (`\` hard-break chains, escaped underlines).
  const signature = '\n\nThanks \\\nSivin | Chatwoot\n\n![](https://example.com/logo.png)';
  it.each<[string, string, number]>([
    ['enter above a signature', `hey\n\n\\\n\\--${signature}`, 2],
    ['shift+enter then -- on the same line', 'hey\\\n\\--', 1],
    ['two breaks above a signature', `hey\n\n\\\n\\\n\\--${signature}`, 3],
    ['three enters and four breaks above a signature', `sd\n\n\\\n\\\n\\\n\\\n\\\n\\\n\\--${signature}`, 7],
    ['an equals underline below an empty line', 'a\n\n\\\n\\==', 1],
    ['a lone dash after a break', 'a\\\n\\-', 1],
    ['a lone dash below an empty line', 'x\n\n\\\n\\-', 1],
    ['bold dashes after a break', 'a\\\n**--**', 1],
    ['dashes led by a space below an empty line', 'a\n\n\n --', 0],
    ['dashes trailed by a space', 'a\n\n\\\n\\-- ', 1],
    ['an empty line between paragraphs', 'a\n\n\\\nb', 1],
    ['a double break inside a paragraph', 'a\\\n\\\nb', 2],
    ['a plain hard break', 'line one\\\nline two', 1],
  ])('renders %s without a backslash, keeping every line', (_, text, breaks) => {
    const rendered = html(text);
    expect(rendered).not.toContain('\\');
    expect(rendered).not.toMatch(/<h[12]/);
    expect(rendered.match(/<br>/g) ?? []).toHaveLength(breaks);
  });
});
