// The bare Fastify server every API figure is compared with: same framework, same machine, same run.
// Given REPLAY_FILE, it also answers the shop's captured answers byte for byte at /replay/<name>; given RAW_PORT
// too, a plain node HTTP server on that port answers them at /raw/<name> with no framework at all (what the
// answer's size alone costs). The yardstick itself stays plain Fastify.
import http from 'node:http';
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
if (process.env.REPLAY_FILE) {
  const answers = JSON.parse(readFileSync(process.env.REPLAY_FILE, 'utf8'));
  const raw = new Map();
  for (const [name, answer] of Object.entries(answers)) {
    const body = Buffer.from(answer.body, 'base64');
    app.get(`/replay/${name}`, async (_request, reply) => reply.headers(answer.headers).send(body));
    // Content-Length as Fastify and the shop send it (without it node would answer in chunks).
    raw.set(`/raw/${name}`, { headers: { ...answer.headers, 'content-length': String(body.length) }, body });
  }
  if (process.env.RAW_PORT) {
    const server = http.createServer((req, res) => {
      const answer = raw.get(req.url);
      if (!answer) return void res.writeHead(404).end();
      res.writeHead(200, answer.headers);
      res.end(answer.body);
    });
    // Fastify's default, so the Keep-Alive header is the same as the other answers'.
    server.keepAliveTimeout = 72_000;
    await new Promise((resolve) => server.listen(Number(process.env.RAW_PORT), '127.0.0.1', resolve));
  }
}
await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
process.once('SIGTERM', () => app.close().then(() => process.exit(0)));
