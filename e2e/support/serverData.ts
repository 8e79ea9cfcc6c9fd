import { readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { E2E } from '../ports';

/** Where the run's server (started by startServer.mjs) keeps its files. */
export interface ServerData {
  dataDir: string;
  outboxDir: string;
  uploadsDir: string;
}

/** Read from the file startServer.mjs writes for this port when it starts. */
export async function serverData(): Promise<ServerData> {
  return JSON.parse(await readFile(join(tmpdir(), `wren-e2e-${E2E.widgetPort}.json`), 'utf8')) as ServerData;
}

/** The `.eml` files in the server's mail outbox (none yet: an empty list). */
export async function outboxMails(): Promise<{ name: string; text: string }[]> {
  const { outboxDir } = await serverData();
  const names = (await readdir(outboxDir).catch(() => [] as string[])).filter((name) => name.endsWith('.eml')).sort();
  return Promise.all(names.map(async (name) => ({ name, text: await readFile(join(outboxDir, name), 'utf8') })));
}
