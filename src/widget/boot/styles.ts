/**
 * The first paint's stylesheet, adopted before anything renders. It rides in the first paint's
 * script as text (build.mjs imports the widget's CSS as text), so no open waits on a request of
 * its own for it (docs/architecture.md#caching-and-chunk-names). main.tsx imports this module before any
 * other, so the sheet is adopted first and every lazy part's sheet follows it in the cascade, as
 * the linked stylesheet it replaces came before them.
 */
import { adoptStyles } from '../lib/adoptStyles';
import widgetCss from '../styles/widget.css';

adoptStyles(widgetCss);
