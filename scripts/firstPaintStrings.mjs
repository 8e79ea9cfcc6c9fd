/**
 * Which interface strings travel with which part of the widget.
 *
 * The first paint (home, the header, the banner, the branding line, a chunk's retry) shows a
 * handful of strings; every other string belongs to a lazy part (the conversation, the pre-chat
 * form, the emoji picker…). English is the only locale bundled with the widget, so without this
 * split every string any feature adds would grow the first paint, or the first open. Instead:
 *
 *   - the entry imports `locales/en.json?first-paint`: keys without a namespace (`CHAT_WITH_US`)
 *     and those of `FIRST_PAINT_NAMESPACES`;
 *   - a lazy part that alone shows a string imports its share, `locales/en.json?<part>`
 *     (`PART_NAMESPACES`: namespaces, or single keys), and adds it (`addEnglish`) as its chunk
 *     runs; a share two parts show rides in the chunk they share (`formRules`);
 *   - the rest (`locales/en.json?rest`, an ordinary lazy chunk, like any other locale) is every
 *     other string the widget shows: the conversation view's, and the few several parts show.
 *     `lazyPart()` waits for it before it renders a lazy part, so every first conversation
 *     fetches it: a string no first open shows belongs to a part.
 *
 * No share repeats another's keys. A new feature's strings get a namespace of their own, listed
 * under the part that shows them in the chunk plan (src/widget/chunks/plan.ts). Two checks run
 * after every build, so the rule cannot drift from the code: `checkFirstPaintKeys()` fails it
 * when a first-paint file names a key the first paint does not carry, and `checkLazyChunkKeys()`
 * when any chunk names a key that reaches it with no share (it would show as its key), saying
 * which part's share it needs.
 */
import { readFile } from 'node:fs/promises';
import { relative, resolve, sep } from 'node:path';
import { firstPaint, lazyChunks, sharedStrings } from './chunkPlan.mjs';

/** Namespaces the first paint shows (the collapsed and expanded header, availability): the chunk plan's. */
export const FIRST_PAINT_NAMESPACES = firstPaint.strings;

/** The import suffix that asks for the first-paint subset of a locale file. */
export const FIRST_PAINT_QUERY = '?first-paint';

/** Whether the first paint carries `key`. */
export function isFirstPaintKey(key) {
  const dot = key.indexOf('.');
  return dot === -1 || FIRST_PAINT_NAMESPACES.includes(key.slice(0, dot));
}

/** The import suffix that asks for the rest of a locale file: every key the first paint does not carry. */
export const REST_QUERY = '?rest';

/** The first-paint subset of a locale's strings, in their original order. */
export function firstPaintStrings(strings) {
  return Object.fromEntries(Object.entries(strings).filter(([key]) => isFirstPaintKey(key)));
}

/**
 * Lazy parts whose English strings travel with them, not with the rest, by import suffix: each
 * chunk's and each shared share of the chunk plan (src/widget/chunks/plan.ts `strings`,
 * `sharedStrings`), namespaces only that part shows, or single keys of a namespace it shares
 * with the conversation view (`ATTACHMENT.ADD` is the composer's, `ATTACHMENT.TOO_LARGE` a
 * picked file's check's). The rest is fetched with the first lazy part of any open, so it holds
 * only what the conversation view, the parts every open loads with it and more than one lazy
 * part show: a visitor who never opens the emoji picker, never meets a bot's form or a survey,
 * never picks a file, never sees the help centre or a prompt, never fetches their words. The
 * module that imports a part's share adds it (`addEnglish`) as its chunk runs;
 * `checkLazyChunkKeys()` fails a build whose chunk names a string that reaches it with no share.
 * Other locales arrive whole, these included.
 */
export const PART_NAMESPACES = {
  ...Object.fromEntries(Object.entries(lazyChunks).flatMap(([name, chunk]) => (chunk.strings ? [[name, chunk.strings]] : []))),
  ...sharedStrings,
};

const namespaceOf = (key) => key.slice(0, Math.max(0, key.indexOf('.')));

/** Whether `key` is one of `part`'s strings: the key itself is listed, or its namespace (an entry without a dot). */
const isKeyOf = (part, key) =>
  PART_NAMESPACES[part]?.some((entry) => (entry.includes('.') ? entry === key : entry === namespaceOf(key))) ?? false;

/** The lazy part whose share carries `key`, if any. */
export function partOf(key) {
  return Object.keys(PART_NAMESPACES).find((part) => isKeyOf(part, key));
}

/**
 * Whether the widget shows `key` at all: not the server's strings (`SERVER.*`, text the server
 * writes to visitors, server/services/visitorText.ts) nor the loader's (`LAUNCHER.*`, shown on
 * the host page, scripts/launcherStrings.mjs).
 */
export function isWidgetKey(key) {
  return !key.startsWith('SERVER.') && !key.startsWith('LAUNCHER.');
}

/**
 * Every string of a locale the widget shows that neither the first paint nor a lazy part of its
 * own (`PART_NAMESPACES`) carries, in their original order.
 */
export function restStrings(strings) {
  return Object.fromEntries(Object.entries(strings).filter(([key]) => !isFirstPaintKey(key) && !partOf(key) && isWidgetKey(key)));
}

/** The strings of the lazy part that imports a locale file with `?<part>` (`PART_NAMESPACES`). */
export function partStrings(strings, part) {
  return Object.fromEntries(Object.entries(strings).filter(([key]) => isKeyOf(part, key)));
}

/** The share of a locale file each import suffix asks for, by the namespace it loads in (one each: esbuild knows a module by path and namespace). */
const SHARES = {
  'first-paint-strings': firstPaintStrings,
  'rest-strings': restStrings,
  ...Object.fromEntries(Object.keys(PART_NAMESPACES).map((part) => [`${part}-strings`, (strings) => partStrings(strings, part)])),
};

/** The import suffixes of the shares, for the plugins' filters. */
export const SHARE_QUERY = new RegExp(`\\.json\\?(first-paint|rest|${Object.keys(PART_NAMESPACES).join('|')})$`);

/** esbuild plugin: `…/en.json?first-paint`, `…/en.json?rest` and `…/en.json?<part>` resolve to the JSON file, loaded as that share. */
export function firstPaintStringsPlugin() {
  return {
    name: 'first-paint-strings',
    setup(b) {
      const cwd = b.initialOptions.absWorkingDir ?? process.cwd();
      b.onResolve({ filter: SHARE_QUERY }, async (args) => {
        const query = args.path.slice(args.path.lastIndexOf('?'));
        const resolved = await b.resolve(args.path.slice(0, -query.length), { kind: args.kind, resolveDir: args.resolveDir });
        // Relative to the working directory: esbuild hashes a virtual module's path into chunk
        // names, and an absolute one would make file names and sizes differ by checkout.
        if (resolved.errors.length) return { errors: resolved.errors };
        return { path: relative(cwd, resolved.path).split(sep).join('/'), namespace: `${query.slice(1)}-strings` };
      });
      for (const [namespace, share] of Object.entries(SHARES)) {
        b.onLoad({ filter: /.*/, namespace }, async (args) => ({
          contents: JSON.stringify(share(JSON.parse(await readFile(resolve(cwd, args.path), 'utf8')))),
          loader: 'json',
        }));
      }
    },
  };
}

/** Whether built `code` names the locale key `key`: as a quoted string literal, the way `t()` calls do. */
const namesKey = (code, key) => code.includes(`"${key}"`) || code.includes(`'${key}'`);

/**
 * Fails when a first-paint file names a locale key the first paint does not carry: that string
 * would show as its key until the lazy strings arrive. `files` are the first paint's JS sources
 * as built; a key counts as named when it appears as a quoted string literal.
 */
export function checkFirstPaintKeys(files, allKeys) {
  const lazyKeys = allKeys.filter((key) => !isFirstPaintKey(key));
  const named = lazyKeys.filter((key) => files.some((code) => namesKey(code, key)));
  if (named.length > 0) {
    throw new Error(
      `The widget's first paint names strings it does not carry: ${named.join(', ')}. ` +
        "Add their namespace to the first paint's `strings` in src/widget/chunks/plan.ts, or move their use into a lazy part.",
    );
  }
}

/** A share in esbuild's metafile: an input in the namespace its import suffix loads in (`interactive-strings:locales/en.json`). */
const SHARE_INPUT = /^([a-zA-Z-]+)-strings:/;

/**
 * Each JavaScript file of a build with the lazy parts' shares it can count on: those in it and in
 * the files it imports statically, which load with it. From the build's esbuild metafile.
 */
export function chunkShares(metafile) {
  const { outputs } = metafile;
  const own = (file) =>
    Object.keys(outputs[file].inputs)
      .map((input) => SHARE_INPUT.exec(input)?.[1])
      .filter((part) => part in PART_NAMESPACES);
  const shares = (file, seen = new Set()) => {
    if (seen.has(file) || !outputs[file]) return [];
    seen.add(file);
    const imported = outputs[file].imports.filter((i) => i.kind === 'import-statement').flatMap((i) => shares(i.path, seen));
    return [...own(file), ...imported];
  };
  return Object.keys(outputs)
    .filter((file) => file.endsWith('.js'))
    .map((file) => ({ file, parts: new Set(shares(file)) }));
}

/**
 * Fails when a lazy chunk names a locale key that reaches it with no share: not the first
 * paint's, not the rest's, not a lazy part's that the chunk carries (`chunkShares`). That string
 * would show as its key. `chunks` are `{ file, code, parts }`; a key counts as named when it
 * appears as a quoted string literal (`namesKey`).
 */
export function checkLazyChunkKeys(chunks, allKeys) {
  const problems = chunks.flatMap(({ file, code, parts }) => {
    // By the share that carries each key: the rest's (undefined), a part's, or none.
    const stray = new Map();
    for (const key of allKeys.filter((k) => !isFirstPaintKey(k) && namesKey(code, k))) {
      const share = isWidgetKey(key) ? partOf(key) : 'none';
      if (share !== undefined && !parts.has(share)) stray.set(share, [...(stray.get(share) ?? []), key]);
    }
    return [...stray].map(([part, keys]) =>
      part === 'none'
        ? `${file} names ${keys.join(', ')}, which the widget never carries (the server's and the loader's strings)`
        : `${file} names ${keys.join(', ')}, strings of the lazy part "${part}", without its share (locales/en.json?${part})`,
    );
  });
  if (problems.length > 0) {
    throw new Error(
      `Widget chunks name strings that would show as their keys:\n  ${problems.join('\n  ')}\n` +
        "Move the string's use into the part that carries it, import that share where the chunk adds its strings " +
        "(`addEnglish`), or take the key out of its chunk's `strings` in src/widget/chunks/plan.ts so the rest carries it.",
    );
  }
}
