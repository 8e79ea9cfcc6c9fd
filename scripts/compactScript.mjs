/**
 * Text in a script that UTF-8 spells in three bytes a letter (Devanagari, Thai, Malayalam, the
 * kana…), shipped in two: the 128 code points of its block are written as U+0080–U+00FF, which
 * the module maps back as it loads. brotli does not undo the third byte: the Hindi emoji names
 * are 825 B smaller for it (11,371 → 10,546), the Thai 1,013 B, the Malayalam widget strings
 * 187 B. Used for the emoji picker's names (scripts/emojiData.mjs) and the locale modules
 * (scripts/localeModules.mjs); a module keeps its plain form wherever that is the smaller.
 */
import { brotliCompressSync, constants as zlib } from 'node:zlib';

/** Code points per block: those that fit into U+0080–U+00FF. */
const BLOCK = 128;
/** Below this, UTF-8 spells a code point in two bytes already. */
const THREE_BYTES = 0x800;

/**
 * The 128-code-point block holding most of `text`'s letters, when UTF-8 spells them in three
 * bytes and `text` has nothing in U+0080–U+00FF (which would read as the block's); else undefined.
 */
function mainBlock(text) {
  const counts = new Map();
  for (const char of text) {
    const block = char.codePointAt(0) - (char.codePointAt(0) % BLOCK);
    if (block >= BLOCK) counts.set(block, (counts.get(block) ?? 0) + 1);
  }
  if (counts.has(BLOCK)) return undefined;
  const [block] = [...counts].sort((a, b) => b[1] - a[1])[0] ?? [];
  return block >= THREE_BYTES ? block : undefined;
}

/** JavaScript that maps a string's U+0080–U+00FF back to the block at `block`: `.replace(…)`'s arguments. */
const restore = (block) => `/[\\x80-\\xff]/g,c=>String.fromCharCode(c.charCodeAt(0)+${block - BLOCK})`;

const brotliSize = (code) => brotliCompressSync(code, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }).length;

/**
 * The module `write(text, restore)` gives for `text`, with `text` in two bytes a letter if that
 * is the smaller by brotli. `write` gets the text to embed and, for the compact one, the
 * arguments of the `.replace()` that restores a string of it (none for the plain one).
 */
export function compactScriptModule(text, write) {
  const plain = write(text);
  const block = mainBlock(text);
  if (block === undefined) return plain;
  const compact = write(
    text.replace(/./gsu, (char) => {
      const code = char.codePointAt(0);
      return code >= block && code < block + BLOCK ? String.fromCharCode(code - block + BLOCK) : char;
    }),
    restore(block),
  );
  return brotliSize(compact) < brotliSize(plain) ? compact : plain;
}
