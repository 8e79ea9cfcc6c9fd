/**
 * Two reference servers on one PostgreSQL and one Redis behave as one: a visitor connected to
 * one hears, exactly once, what reaches the other; a server that stops hands its visitors over.
 */
import { request } from 'node:http';
import { startRedis } from '../../../e2e/support/services.mjs';
import { setTimeout as sleep } from 'node:timers/promises';
import { cableClient, startCluster, type Cluster } from './cluster';

let cluster: Cluster;

beforeEach(async () => {
  cluster = await startCluster(2);
});

afterEach(() => cluster.close());

async function startConversation(server: Cluster['servers'][number], content = 'Hello from the visitor') {
  const visitor = await cluster.visit(server);
  const res = await cluster.widget(server, '/conversations', visitor.authToken, { method: 'POST', body: { message: { content } } });
  expect(res.status).toBe(200);
  const { id } = (await res.json()) as { id: number };
  return { visitor, conversationId: id };
}

describe('realtime across processes', () => {
  it("delivers an agent message posted through B to the visitor's socket on A, once", async () => {
    const [a, b] = cluster.servers;
    const { visitor, conversationId } = await startConversation(a);
    const socket = await cableClient(a, visitor.pubsubToken);
    const posted = await cluster.agent(b, `/conversations/${conversationId}/messages`, {
      method: 'POST',
      body: { content: 'Answered from B' },
    });
    expect(posted.status).toBe(200);
    await socket.message('Answered from B');
    // Whatever else happens meanwhile, that message never comes a second time.
    await cluster.agent(b, `/conversations/${conversationId}/messages`, { method: 'POST', body: { content: 'And a second one' } });
    await socket.message('And a second one');
    const contents = socket.events('message.created').map((m) => m.content);
    expect(contents.filter((c) => c === 'Answered from B')).toHaveLength(1);
    socket.close();
  });

  it("delivers the visitor's own message sent through B to their tabs on A and on B", async () => {
    const [a, b] = cluster.servers;
    const { visitor } = await startConversation(a);
    const tabOnA = await cableClient(a, visitor.pubsubToken);
    const tabOnB = await cableClient(b, visitor.pubsubToken);
    await cluster.widget(b, '/messages', visitor.authToken, { method: 'POST', body: { message: { content: 'Typed in tab B' } } });
    await tabOnA.message('Typed in tab B');
    await tabOnB.message('Typed in tab B');
    tabOnA.close();
    tabOnB.close();
  });

  it('a visitor on A does not hear another visitor on B', async () => {
    const [a, b] = cluster.servers;
    const alice = await startConversation(a, 'Alice here');
    const bob = await startConversation(b, 'Bob here');
    const aliceSocket = await cableClient(a, alice.visitor.pubsubToken);
    const bobSocket = await cableClient(b, bob.visitor.pubsubToken);
    await cluster.agent(a, `/conversations/${bob.conversationId}/messages`, { method: 'POST', body: { content: 'For Bob only' } });
    await bobSocket.message('For Bob only');
    await sleep(100);
    expect(aliceSocket.events('message.created')).toEqual([]);
    aliceSocket.close();
    bobSocket.close();
  });

  it('a stopping server sends every socket the disconnect frame, and the visitor catches up on the other one', async () => {
    const [a, b] = cluster.servers;
    const { visitor, conversationId } = await startConversation(a);
    const socket = await cableClient(a, visitor.pubsubToken);
    await cluster.stop(a);
    expect(socket.frames).toContainEqual({ type: 'disconnect', reason: 'server_restart', reconnect: true });
    await socket.waitFor(() => socket.closed, 'close');
    // While the widget is between servers the agent writes; it reconnects to B and fills the gap.
    await cluster.agent(b, `/conversations/${conversationId}/messages`, { method: 'POST', body: { content: 'Sent during the handover' } });
    const moved = await cableClient(b, visitor.pubsubToken);
    const gap = await cluster.widget(b, '/messages?after=0', visitor.authToken);
    expect(((await gap.json()) as { payload: { content: string }[] }).payload.map((m) => m.content)).toEqual([
      'Hello from the visitor',
      'Sent during the handover',
    ]);
    await cluster.agent(b, `/conversations/${conversationId}/messages`, { method: 'POST', body: { content: 'Live again' } });
    await moved.message('Live again');
    moved.close();
  });

  it('a stopping server finishes the upload in flight, and its message reaches the visitor now on the other server', async () => {
    const [a, b] = cluster.servers;
    const { visitor } = await startConversation(a);
    const onB = await cableClient(b, visitor.pubsubToken);
    const boundary = 'wren-boundary';
    const head = [
      `--${boundary}`,
      'Content-Disposition: form-data; name="message[content]"',
      '',
      'A slow upload',
      `--${boundary}`,
      'Content-Disposition: form-data; name="message[attachments][]"; filename="notes.txt"',
      'Content-Type: text/plain',
      '',
      'first half, ',
    ].join('\r\n');
    const tail = `second half\r\n--${boundary}--\r\n`;
    const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request(
        `${a.origin}/api/v1/widget/messages?website_token=cluster-website-token`,
        {
          method: 'POST',
          headers: {
            'content-type': `multipart/form-data; boundary=${boundary}`,
            'content-length': Buffer.byteLength(head) + Buffer.byteLength(tail),
            'x-auth-token': visitor.authToken,
          },
        },
        (res) => {
          let body = '';
          res.on('data', (chunk) => (body += chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        },
      );
      req.on('error', reject);
      req.write(head);
      // The rest of the body comes after the server was told to stop.
      setTimeout(() => req.end(tail), 300);
    });
    await sleep(100);
    const stopping = cluster.stop(a);
    const { status, body } = await answer;
    expect(status).toBe(200);
    expect(JSON.parse(body)).toMatchObject({ content: 'A slow upload', attachments: [expect.objectContaining({ file_type: 'file' })] });
    await onB.message('A slow upload');
    await stopping;
    onB.close();
  });
});

describe('when Redis goes away and comes back', () => {
  it('tells every socket to reconnect, so the widgets fetch what was published meanwhile', async () => {
    let redis = await startRedis();
    const own = await startCluster(1, { redisUrl: redis.url });
    try {
      const [server] = own.servers;
      const visitor = await own.visit(server);
      const socket = await cableClient(server, visitor.pubsubToken);
      await redis.stop();
      redis = await startRedis({ port: redis.port });
      await socket.waitFor((f) => f.type === 'disconnect', 'disconnect', 15_000);
      expect(socket.frames).toContainEqual({ type: 'disconnect', reason: 'server_restart', reconnect: true });
      // Back: a new socket subscribes again and hears what is published.
      const again = await cableClient(server, visitor.pubsubToken);
      // Until the commands connection is back too, a send answers 503 with Retry-After (the send
      // lock lives in Redis), and the widget sends it again: so does this visitor.
      let sent: Response;
      while (
        (sent = await own.widget(server, '/messages', visitor.authToken, {
          method: 'POST',
          body: { message: { content: 'After the outage' } },
        })).status === 503
      ) {
        await sleep(Number(sent.headers.get('retry-after')) * 1000);
      }
      expect(sent.status).toBe(200);
      await again.message('After the outage');
      again.close();
    } finally {
      await own.close();
      await redis.stop();
    }
  });
});
