/** CSS imported by the loader arrives as a minified string (see build.mjs `cssTextPlugin`). */
declare module '*.css' {
  const css: string;
  export default css;
}

declare module '*.svg' {
  const markup: string;
  export default markup;
}

/** The English strings of the widget's first paint (build.mjs; the whole file in tests). */
declare module '*.json?first-paint' {
  const strings: Record<string, string>;
  export default strings;
}
