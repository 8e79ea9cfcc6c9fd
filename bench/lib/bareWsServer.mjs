// The ceiling of the fan-out benchmark: a bare `ws` server on /cable and, on POST /broadcast,
// the request body sent as it is to every open socket. Nothing else: no protocol, database,
// serialisation per socket or broker. Run as a child process: node bareWsServer.mjs <port>.
import { createServer } from 'node:http';
import { WebSocketServer } from 'ws';

const port = Number(process.argv[2]);
const wss = new WebSocketServer({ noServer: true, perMessageDeflate: false });
const server = createServer((req, res) => {
  if (req.method !== 'POST' || req.url !== '/broadcast') return res.writeHead(404).end();
  const chunks = [];
  req.on('data', (chunk) => chunks.push(chunk));
  req.on('end', () => {
    const frame = Buffer.concat(chunks).toString();
    for (const ws of wss.clients) if (ws.readyState === ws.OPEN) ws.send(frame);
    res.writeHead(204).end();
  });
});
server.on('upgrade', (request, socket, head) => {
  if (request.url !== '/cable') return socket.destroy();
  wss.handleUpgrade(request, socket, head, (ws) => wss.emit('connection', ws, request));
});
server.listen(port, '127.0.0.1', () => process.stdout.write('ready\n'));
process.on('SIGTERM', () => {
  for (const ws of wss.clients) ws.terminate();
  server.close(() => process.exit(0));
});
