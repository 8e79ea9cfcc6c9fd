/**
 * Escaping for server-rendered HTML.
 */

const HTML: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text or attribute value → safe HTML. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML[c]);
}

/**
 * JSON for a `<script type="application/json">` block: `<`, `>` and `&` become \u escapes so
 * no `</script>` or `<!--` can end the block, and U+2028/2029 are escaped for old parsers.
 * `JSON.parse` of the block's text gives back the original value.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
