#!/usr/bin/env node
// Writes docs/openapi/widget-api.yaml, the widget API's OpenAPI document, from the schemas the
// server validates with (server/contract/openApiDocument.ts). tests/server/contract/openApi.test.ts
// fails while the committed file differs from what this writes.
// Usage: npm run openapi
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
// Bundled next to node_modules, so the packages it leaves out resolve as the server's do.
const bundle = join(root, 'node_modules/.cache/wren-openapi/document.mjs');
await build({
  entryPoints: [join(root, 'server/contract/openApiDocument.ts')],
  outfile: bundle,
  bundle: true,
  format: 'esm',
  platform: 'node',
  packages: 'external',
  logLevel: 'warning',
});
try {
  const { widgetApiYaml, WIDGET_API_DOCUMENT_PATH } = await import(pathToFileURL(bundle).href);
  const target = join(root, WIDGET_API_DOCUMENT_PATH);
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, widgetApiYaml());
  console.log(`wrote ${WIDGET_API_DOCUMENT_PATH}`);
} finally {
  rmSync(dirname(bundle), { recursive: true, force: true });
}
