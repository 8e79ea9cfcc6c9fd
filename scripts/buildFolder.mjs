/**
 * The widget's scripts in one folder per build, `js/widget-<hash>/`, the lazy chunks under stable
 * names inside it (docs/architecture.md#caching-and-chunk-names).
 *
 * With a content hash in every chunk's name, the first paint's script carried the names of the
 * chunks it fetches: change one lazy chunk and the first paint's bytes changed too (its measured
 * size moved by up to 0.1 KB between commits that never touched it). A relative `import()`
 * resolves against the importing file's address, so if the first paint and the chunks share a
 * folder, `import("./Messages.js")` needs no hash at all; the folder's name, a hash of every file
 * in it, is what changes, and only the page (the manifest) carries it. Caching stays immutable and
 * correct: a changed file is a new folder, so no browser can pair an old first paint with a new
 * chunk or be served a stale one. Nothing is lost either: every lazy chunk imports the first
 * paint's chunk (scripts/firstPaintChunk.mjs), so a change to any file already gave every file a
 * new name.
 *
 * The chunks an `import()` fetches take their name in the chunk plan (`messages.js`,
 * `realtime.js`; src/widget/chunks/plan.ts, through `chunkName`), else their module's: a module
 * renamed or moved leaves its chunk's file, and so its budget, where they were. The one chunk the
 * entry's stub imports, the first paint (scripts/firstPaintChunk.mjs), is `firstPaint.js`: every
 * lazy chunk imports it, and under esbuild's name, whose hash follows the lazy chunks it fetches,
 * a change to one lazy chunk renamed it and so changed the bytes of all the others. A chunk esbuild splits off for code only lazy chunks share is named after them
 * (`interactive~preChat.js`), for the same reason: under esbuild's hash a change to the shared code
 * renamed it and so changed the bytes of every chunk that imports it. No name in the folder
 * follows a file's contents, so two identical builds are byte-identical and a chunk's bytes move
 * only with its own code. The build runs with `write: false`: this plugin writes the files, and
 * rewrites the metafile so the plugins after it (the manifest) see where they went.
 */
import { createHash } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { servedEntry } from './firstPaintChunk.mjs';

const HASHED_NAME = /-[A-Z0-9]{8}\.js$/;
/** The first paint's chunk, when the entry is a stub that imports it. */
const FIRST_PAINT = 'firstPaint.js';
/** Between the names of the lazy chunks that share a chunk, in its name: `interactive~preChat.js`. */
const SHARED_BY = '~';

/**
 * `packs` is the packs folder; the folder goes under `<packs>/js/`. `chunkName` names the chunk
 * built from an entry point (as esbuild's metafile names it), or leaves it its module's name.
 */
export function buildFolderPlugin({ packs, chunkName = () => undefined }) {
  let previous;
  return {
    name: 'build-folder',
    setup(b) {
      const cwd = b.initialOptions.absWorkingDir ?? process.cwd();
      b.onEnd(async (result) => {
        const { metafile, outputFiles } = result;
        if (!metafile || !outputFiles) return;
        const folder = await settle(metafile, outputFiles, { cwd, packs, chunkName });
        // Watching (`npm run dev`): the last build's folder goes, nothing names it any more.
        if (previous && previous !== folder) await rm(previous, { recursive: true, force: true });
        previous = folder;
      });
    },
  };
}

/** A file's path as esbuild's metafile names it: relative to `cwd`, with forward slashes. */
const metaPath = (cwd, path) => relative(cwd, path).split(sep).join('/');

/** `to`, as an import in `from` names it. */
function specifier(from, to) {
  const path = relative(dirname(from), to).split(sep).join('/');
  return path.startsWith('.') ? path : `./${path}`;
}

/**
 * Moves every script of the build into one folder named after their contents, stable names for
 * the chunks `import()` fetches, and writes every file; returns the folder.
 */
async function settle(metafile, outputFiles, { cwd, packs, chunkName }) {
  const { outputs } = metafile;
  const scripts = Object.keys(outputs).filter((file) => file.endsWith('.js'));
  const fetched = new Set(scripts.flatMap((file) => outputs[file].imports.filter((i) => i.kind === 'dynamic-import').map((i) => i.path)));
  const firstPaint = new Set(
    scripts
      .filter((file) => outputs[file].entryPoint)
      .map((file) => servedEntry(outputs, file))
      .filter((file) => !outputs[file].entryPoint),
  );
  const fetchedName = (file) => {
    const planned = outputs[file].entryPoint && chunkName(outputs[file].entryPoint);
    return planned ? `${planned}.js` : basename(file).replace(HASHED_NAME, '.js');
  };
  // A chunk esbuild split off for code several lazy chunks share: named after them, by the lazy
  // chunks that load it (statically, through one another's shared chunks too).
  const sharers = new Map();
  const share = (file, by, seen = new Set()) => {
    for (const { path, kind } of outputs[file].imports) {
      if (kind !== 'import-statement' || seen.has(path) || firstPaint.has(path) || !path.endsWith('.js')) continue;
      seen.add(path);
      sharers.set(path, [...(sharers.get(path) ?? []), by]);
      share(path, by, seen);
    }
  };
  for (const file of fetched) share(file, fetchedName(file).slice(0, -'.js'.length));
  const nameOf = (file) => {
    if (firstPaint.has(file)) return FIRST_PAINT;
    if (fetched.has(file)) return fetchedName(file);
    const by = sharers.get(file);
    return by && !outputs[file].entryPoint ? `${[...by].sort().join(SHARED_BY)}.js` : basename(file);
  };
  const names = new Map(scripts.map((file) => [file, nameOf(file)]));
  const taken = new Map();
  for (const [file, name] of names) {
    if (taken.has(name)) throw new Error(`two lazy chunks would be named ${name}: ${taken.get(name)} and ${file}`);
    taken.set(name, file);
  }

  // Each script's text, naming what it imports as it will be: in the same folder.
  const texts = new Map();
  for (const file of scripts) {
    const { text } = outputFiles.find((o) => metaPath(cwd, o.path) === file);
    let settled = text;
    // A file imported twice (statically and lazily, or from two places) is listed twice.
    for (const path of new Set(outputs[file].imports.map((i) => i.path))) {
      if (!names.has(path)) continue;
      const before = JSON.stringify(specifier(file, path));
      if (!settled.includes(before)) throw new Error(`${file} does not name ${path} as ${before}: esbuild's output changed`);
      settled = settled.replaceAll(before, JSON.stringify(`./${names.get(path)}`));
    }
    texts.set(file, settled);
  }

  const hash = createHash('sha256');
  for (const file of [...scripts].sort((a, b) => names.get(a).localeCompare(names.get(b)))) {
    hash.update(names.get(file)).update('\0').update(texts.get(file)).update('\0');
  }
  const folder = resolve(cwd, packs, 'js', `widget-${hash.digest('hex').slice(0, 8).toUpperCase()}`);
  const moved = new Map(scripts.map((file) => [file, metaPath(cwd, join(folder, names.get(file)))]));

  await mkdir(folder, { recursive: true });
  await Promise.all(
    outputFiles.map(async (output) => {
      const file = metaPath(cwd, output.path);
      const path = resolve(cwd, moved.get(file) ?? file);
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, texts.get(file) ?? output.contents);
    }),
  );

  // The metafile as the files now lie, for the manifest and whoever reads it later.
  for (const file of scripts) {
    const output = outputs[file];
    delete outputs[file];
    outputs[moved.get(file)] = { ...output, imports: output.imports.map((i) => ({ ...i, path: moved.get(i.path) ?? i.path })) };
  }
  for (const output of Object.values(outputs)) {
    if (output.cssBundle) output.cssBundle = moved.get(output.cssBundle) ?? output.cssBundle;
  }
  return folder;
}
