/**
 * A refused upload must reach the client as a clean 422 even while the client is still sending
 * the body: read here by Node's `fetch` against a real listening server, not `app.request()`.
 */
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import { createFixture, type Fixture, type Visitor } from './helpers';

let fx: Fixture;
let server: Server;
let origin: string;

beforeEach(async () => {
  fx = await createFixture({ env: { MAX_UPLOAD_MB: '1' } });
  server = await new Promise<Server>((resolve) => {
    const listening = serve({ fetch: fx.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(listening as Server)) as Server;
  });
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterEach(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await fx.close();
});

function upload(visitor: Visitor, name: string, type: string, size: number): Promise<Response> {
  const body = new FormData();
  body.append('message[attachments][]', new File([new Uint8Array(size)], name, { type }));
  return fetch(`${origin}/api/v1/widget/messages?website_token=${fx.config.websiteToken}`, {
    method: 'POST',
    body,
    headers: { 'X-Auth-Token': visitor.authToken },
  });
}

describe('a rejected upload over a real connection', () => {
  it('answers 30 refused files in a row with a readable 422, none reset', async () => {
    const visitor = await fx.visit();
    const outcomes: string[] = [];
    for (let i = 0; i < 30; i++) {
      // Refused by type as soon as the part's headers arrive, with 1 MB still to come.
      const outcome = await upload(visitor, `tool-${i}.exe`, 'application/x-msdownload', 1024 * 1024).then(
        async (res) => `${res.status} ${(await res.json()).error}`,
        (error: Error) => String(error.cause ?? error),
      );
      outcomes.push(outcome);
    }
    expect(outcomes).toEqual(Array(30).fill('422 File type not allowed'));
  }, 60_000);

  it('answers a file over the size limit with a readable 422 too', async () => {
    const visitor = await fx.visit();
    for (let i = 0; i < 5; i++) {
      const res = await upload(visitor, 'big.png', 'image/png', 3 * 1024 * 1024);
      expect(res.status).toBe(422);
      expect(await res.json()).toEqual({ error: 'File exceeds the 1 MB attachment limit' });
    }
  }, 30_000);
});
