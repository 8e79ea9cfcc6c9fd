/** CSS imported by the loader arrives as a minified string (see build.mjs `cssTextPlugin`). */
declare module '*.css' {
  const css: string;
  export default css;
}

declare module '*.svg' {
  const markup: string;
  export default markup;
}

/** The first-paint subset of a locale file (scripts/firstPaintStrings.mjs). */
declare module '*.json?first-paint' {
  const strings: Record<string, string>;
  export default strings;
}
