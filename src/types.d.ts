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

/** A locale file's strings that the loader shows on the host page (scripts/launcherStrings.mjs). */
declare module '*.json?launcher' {
  const strings: import('./sdk/runtime/hostStrings').HostStrings;
  export default strings;
}

/** A locale file's words of the notice of a chat that cannot load (scripts/launcherStrings.mjs). */
declare module '*.json?notice' {
  const words: import('./sdk/runtime/notice/words').NoticeWords;
  export default words;
}

/** The rest of a locale file: every key the first paint does not carry (scripts/firstPaintStrings.mjs). */
declare module '*.json?rest' {
  const strings: Record<string, string>;
  export default strings;
}

/** A lazy chunk's own English strings, and the form checks' (src/widget/chunks/plan.ts `strings`, `sharedStrings`). */
declare module '*.json?emojiPicker' {
  const strings: Record<string, string>;
  export default strings;
}
declare module '*.json?preChat' {
  const strings: Record<string, string>;
  export default strings;
}
declare module '*.json?conversationEnd' {
  const strings: Record<string, string>;
  export default strings;
}
declare module '*.json?consent' {
  const strings: Record<string, string>;
  export default strings;
}
declare module '*.json?formRules' {
  const strings: Record<string, string>;
  export default strings;
}
declare module '*.json?interactive' {
  const strings: Record<string, string>;
  export default strings;
}
declare module '*.json?attachments' {
  const strings: Record<string, string>;
  export default strings;
}
declare module '*.json?helpCentre' {
  const strings: Record<string, string>;
  export default strings;
}
declare module '*.json?prompts' {
  const strings: Record<string, string>;
  export default strings;
}
