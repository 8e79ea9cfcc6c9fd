/**
 * The public help-centre pages (docs/protocol.md#help-centre): an article and a portal's list of
 * articles, each in the full layout (a browser tab) or the plain one the widget's article viewer
 * frames (`show_plain_layout=true`). No script at all; the one stylesheet is inline and allowed
 * by its hash (`styleHash` of each rendered page), so the page's CSP can forbid everything else.
 */
import { createHash } from 'node:crypto';
import { markdownToHtml } from '../../src/shared/markdown';
import { textDirection } from '../../src/shared/locales';
import { escapeHtml } from './escape';

/** `light`, `dark`, or `auto` (the reader's system setting). */
export type HelpCentreTheme = 'light' | 'dark' | 'auto';

export const HELP_CENTRE_CSS = `:root{--bg:#fff;--text:#1f2d3d;--muted:#5b6b7f;--border:#e0e6ed;--link:#1a64c4;--code:rgb(127 127 127/14%);color-scheme:light}
@media (prefers-color-scheme:dark){:root:not(.light){--bg:#14171c;--text:#eef1f5;--muted:#a3adba;--border:#323842;--link:#7fb6ff;color-scheme:dark}}
:root.dark{--bg:#14171c;--text:#eef1f5;--muted:#a3adba;--border:#323842;--link:#7fb6ff;color-scheme:dark}
*,*::before,*::after{box-sizing:border-box}
body{margin:0;background:var(--bg);color:var(--text);font:16px/1.6 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans",sans-serif;overflow-wrap:break-word}
a{color:var(--link)}
a:focus-visible{outline:2px solid var(--link);outline-offset:2px}
.top{border-block-start:4px solid var(--accent,#1f93ff);border-block-end:1px solid var(--border);padding:12px 20px}
.top a{font-weight:600;text-decoration:none;color:var(--text)}
main{max-width:760px;margin:0 auto;padding:24px 20px 40px}
.plain main{padding:20px 16px 32px}
h1{font-size:1.75em;line-height:1.25;margin:0 0 8px}
.plain h1{font-size:1.5em}
.lead{color:var(--muted);margin:0 0 24px}
.content :is(h2,h3,h4,h5,h6){line-height:1.3;margin:1.5em 0 .5em}
.content h1{font-size:1.35em;margin:1.2em 0 .5em}
.content h2{font-size:1.2em}
.content h3{font-size:1.1em}
.content :is(h4,h5,h6){font-size:1em}
.content :is(p,ul,ol,pre,blockquote,table){margin:0 0 1em}
.content :is(ul,ol){padding-inline-start:1.5em}
.content img{max-width:100%;border-radius:6px}
.content img:not([height]){height:auto}
.content code{padding:.1em .3em;border-radius:4px;background:var(--code);font:.9em/1.4 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}
.content pre{overflow-x:auto;padding:12px;border-radius:6px;background:var(--code)}
.content pre code{padding:0;background:none}
.content blockquote{margin-inline:0;padding-inline-start:12px;border-inline-start:3px solid var(--border);color:var(--muted)}
.content hr{border:0;border-block-start:1px solid var(--border);margin:1.5em 0}
.content table{display:block;max-width:100%;overflow-x:auto;border-collapse:collapse}
.content :is(th,td){padding:6px 10px;border:1px solid var(--border);text-align:start}
.content th{background:var(--code)}
.content [align=center]{text-align:center}
.content [align=right]{text-align:end}
.articles{list-style:none;margin:0;padding:0}
.articles li{border-block-end:1px solid var(--border);padding:12px 0}
.articles a{font-weight:600;text-decoration:none}
.articles a:hover{text-decoration:underline}
.articles p{margin:4px 0 0;color:var(--muted);font-size:.9em}`;

/** A rendered page and the CSP source (`'sha256-…'`) that allows exactly its stylesheet. */
export interface HelpCentrePage {
  html: string;
  styleHash: string;
}

/**
 * An article's markdown as HTML: escaped text and the renderer's own tags; links leave in a new
 * tab, and a relative image loads from this server's root, as in the widget.
 */
export function articleBodyHtml(markdown: string): string {
  // The renderer writes these tags exactly so; escaped text can never contain them (`<` is `&lt;`).
  return markdownToHtml(markdown, Number.POSITIVE_INFINITY)
    .replaceAll('<a href="', '<a target="_blank" rel="noopener noreferrer" href="')
    .replaceAll('<img src="', '<img loading="lazy" src="');
}

interface PageFrame {
  /** `<title>` */
  title: string;
  /** The page's language, a portal locale code (`pt_BR`). */
  locale: string;
  plain: boolean;
  theme: HelpCentreTheme;
  /** The portal's colour, for the top bar of the full layout. */
  accent: string | null;
  /** The full layout's top bar: the portal's name, linking to its home. */
  portal: { name: string; href: string };
  description?: string | null;
}

function page(frame: PageFrame, main: string): HelpCentrePage {
  const classes = [frame.plain ? 'plain' : '', frame.theme === 'auto' ? '' : frame.theme].filter(Boolean).join(' ');
  // The portal's colour marks the full layout's top bar; only a checked hex colour gets in.
  const accent = frame.accent && /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/.test(frame.accent) ? `:root{--accent:${frame.accent}}` : '';
  const css = HELP_CENTRE_CSS + accent;
  const html = `<!doctype html>
<html lang="${escapeHtml(frame.locale.replace('_', '-'))}" dir="${textDirection(frame.locale)}"${classes ? ` class="${classes}"` : ''}>
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(frame.title)}</title>
${frame.description ? `<meta name="description" content="${escapeHtml(frame.description)}">\n` : ''}<style>${css}</style>
</head>
<body>
${frame.plain ? '' : `<header class="top"><a href="${escapeHtml(frame.portal.href)}">${escapeHtml(frame.portal.name)}</a></header>\n`}<main>
${main}
</main>
</body>
</html>
`;
  return { html, styleHash: `'sha256-${createHash('sha256').update(css).digest('base64')}'` };
}

export interface ArticlePageProps extends Omit<PageFrame, 'title'> {
  title: string;
  portalName: string;
  content: string;
}

/** An article: its title as the heading, then its markdown. */
export function renderArticlePage(props: ArticlePageProps): HelpCentrePage {
  return page(
    { ...props, title: `${props.title} | ${props.portalName}` },
    `<h1>${escapeHtml(props.title)}</h1>
<article id="cw-article-content" class="content">${articleBodyHtml(props.content)}</article>`,
  );
}

export interface PortalPageProps extends Omit<PageFrame, 'title'> {
  heading: string;
  headerText: string | null;
  articles: { title: string; description: string | null; href: string }[];
}

/** A portal's home in one locale: its heading and its published articles. */
export function renderPortalPage(props: PortalPageProps): HelpCentrePage {
  const items = props.articles
    .map(
      (article) =>
        `<li><a href="${escapeHtml(article.href)}">${escapeHtml(article.title)}</a>${
          article.description ? `<p>${escapeHtml(article.description)}</p>` : ''
        }</li>`,
    )
    .join('\n');
  return page(
    { ...props, title: props.heading, description: props.headerText },
    `<h1>${escapeHtml(props.heading)}</h1>
${props.headerText ? `<p class="lead">${escapeHtml(props.headerText)}</p>\n` : ''}<ul class="articles" id="cw-articles">
${items}
</ul>`,
  );
}
