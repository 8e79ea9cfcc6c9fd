/**
 * Colour helpers shared by the loader's launcher and the widget, so both pick the same text
 * colour on the inbox's brand colour.
 */

/** `#rgb` or `#rrggbb`; anything else is ignored (it also keeps CSS injection out). */
export const HEX_COLOR = /^#([\da-f]{3}|[\da-f]{6})$/i;

/**
 * The dark text colour used on light brand colours (`--on-widget-color`). Darker than the
 * widget's body text (#1f2d3d), which is only 4.44:1 on the default #1f93ff, under WCAG AA's
 * 4.5:1; this one is 5.0:1 (and no darker, so pure red still keeps white text, 4.0:1 against 3.9:1).
 */
export const DARK_TEXT = '#1f222d';

/**
 * The relative luminance, × 255², above which dark text ({@link DARK_TEXT}) has a higher WCAG
 * contrast ratio on a colour than white has. With L the colour's luminance and D the dark
 * text's, dark text wins when (L + 0.05) / (D + 0.05) > 1.05 / (L + 0.05), that is when
 * L > √(1.05 × (D + 0.05)) − 0.05 = 0.2174; a test holds the number to the formula. A constant
 * costs the 3 KB loader fewer bytes than working it out.
 */
export const LIGHT_LUMINANCE = 14_138;

/**
 * Relative luminance of `#rgb` / `#rrggbb`, × 255², with sRGB's transfer curve approximated as a
 * square (within 0.04 of WCAG's formula; this sits in the 3 KB loader, where every byte counts).
 */
export function luminance(hex: string): number {
  const n = parseInt(hex.length === 4 ? hex.replace(/\w/g, '$&$&').slice(1) : hex.slice(1, 7), 16);
  return 0.2126 * (n >> 16) ** 2 + 0.7152 * ((n >> 8) & 255) ** 2 + 0.0722 * (n & 255) ** 2;
}

/**
 * True when dark text reads better on this colour than white does, by WCAG contrast ratio.
 * Chatwoot's default blue (#1f93ff) is one: white on it is 3.1:1, dark text 5.0:1.
 */
export function isLightColor(hex: string): boolean {
  return luminance(hex) > LIGHT_LUMINANCE;
}
