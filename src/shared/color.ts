/**
 * Colour helpers shared by the loader's launcher and the widget, so both pick the same text
 * colour on the inbox's brand colour.
 */

/** `#rgb` or `#rrggbb`; anything else is ignored (it also keeps CSS injection out). */
export const HEX_COLOR = /^#([\da-f]{3}|[\da-f]{6})$/i;

/** True for colours light enough that white text on them is hard to read (YIQ brightness). */
export function isLightColor(hex: string): boolean {
  const n = parseInt(hex.length === 4 ? hex.replace(/\w/g, '$&$&').slice(1) : hex.slice(1, 7), 16);
  return ((n >> 16) * 299 + ((n >> 8) & 255) * 587 + (n & 255) * 114) / 1000 > 160;
}
