/**
 * A scratch app that installs wren-chat as an app would: `npm pack` the built package
 * (packages/wren-chat/dist, from `npm run build`), install the tarball into an empty project
 * offline (it has no dependencies of its own), type-check the app's code against the package's
 * declarations with the repository's TypeScript, and bundle it with esbuild. React comes from the
 * repository's node_modules, as the app's own would.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';

const REPO = resolve(import.meta.dirname, '../..');
const SOURCES = join(import.meta.dirname, 'scratchApp');

export interface ScratchApp {
  dir: string;
  /** The bundled scripts of its pages, by name: `app.js`, `reactApp.js`. */
  scripts: Record<string, string>;
}

/** What `tsc` said about the app's code, and whether it passed. */
export function typecheck(dir: string): { ok: boolean; output: string } {
  try {
    return {
      ok: true,
      output: execFileSync(process.execPath, [join(REPO, 'node_modules/typescript/bin/tsc'), '-p', dir], { encoding: 'utf8' }),
    };
  } catch (error) {
    return { ok: false, output: `${(error as { stdout?: string }).stdout}` };
  }
}

export async function createScratchApp(defines: { widgetOrigin: string; websiteToken: string }): Promise<ScratchApp> {
  const dir = mkdtempSync(join(tmpdir(), 'wren-scratch-app-'));
  execFileSync('npm', ['pack', join(REPO, 'packages/wren-chat'), '--pack-destination', dir, '--silent'], { cwd: dir });
  const tarball = readdirSync(dir).find((name) => name.endsWith('.tgz'))!;
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'scratch-app', private: true, type: 'module' }));
  // Offline, and a registry that does not exist: the package must need nothing from one.
  execFileSync(
    'npm',
    ['install', `./${tarball}`, '--offline', '--registry=http://127.0.0.1:9', '--no-audit', '--no-fund', '--ignore-scripts'],
    {
      cwd: dir,
    },
  );
  cpSync(SOURCES, join(dir, 'src'), { recursive: true });
  const types = (name: string) => [join(REPO, 'node_modules/@types', name)];
  writeFileSync(
    join(dir, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        target: 'ES2022',
        module: 'ESNext',
        moduleResolution: 'Bundler',
        lib: ['ES2022', 'DOM', 'DOM.Iterable'],
        jsx: 'react-jsx',
        strict: true,
        noEmit: true,
        types: [],
        // React's types as the app has them; wren-chat's come from node_modules, as installed.
        paths: {
          react: types('react'),
          'react/*': [join(REPO, 'node_modules/@types/react/*')],
          'react-dom/client': [join(REPO, 'node_modules/@types/react-dom/client')],
        },
      },
      include: ['src'],
    }),
  );
  const scripts: Record<string, string> = {};
  const result = await build({
    entryPoints: [join(dir, 'src/app.ts'), join(dir, 'src/reactApp.tsx')],
    outdir: join(dir, 'dist'),
    bundle: true,
    format: 'esm',
    write: false,
    jsx: 'automatic',
    nodePaths: [join(REPO, 'node_modules')],
    define: {
      WIDGET_ORIGIN: JSON.stringify(defines.widgetOrigin),
      WEBSITE_TOKEN: JSON.stringify(defines.websiteToken),
      'process.env.NODE_ENV': '"production"',
    },
  });
  for (const file of result.outputFiles) scripts[file.path.split('/').pop()!] = file.text;
  return { dir, scripts };
}
