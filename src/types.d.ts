/** CSS imported by the loader arrives as a minified string (see build.mjs `cssTextPlugin`). */
declare module '*.css' {
  const css: string;
  export default css;
}

declare module '*.svg' {
  const markup: string;
  export default markup;
}

/** A lazy feature's English strings, the keys of locales/en.json under one prefix (scripts/lazyStrings.mjs). */
declare module 'en-strings/*' {
  const strings: Record<string, string>;
  export default strings;
}
