// The bare Fastify server every API figure is compared with: same framework, same machine, same run.
// Given REPLAY_FILE, it also answers the shop's captured answers byte for byte: /replay/<name> through Fastify,
// /raw/<name> straight from node's HTTP server (no framework at all), to show what the answer's size alone costs.
import http from 'node:http';
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const raw = new Map();
const app = Fastify({
  logger: false,
  serverFactory: (handler) =>
    http.createServer((req, res) => {
      const answer = raw.get(req.url);
      if (!answer) return handler(req, res);
      res.writeHead(200, answer.headers);
      res.end(answer.body);
    }),
});
app.get('/', async () => ({ hello: 'world' }));
if (process.env.REPLAY_FILE) {
  const answers = JSON.parse(readFileSync(process.env.REPLAY_FILE, 'utf8'));
  for (const [name, answer] of Object.entries(answers)) {
    const body = Buffer.from(answer.body, 'base64');
    app.get(`/replay/${name}`, async (_request, reply) => reply.headers(answer.headers).send(body));
    raw.set(`/raw/${name}`, { headers: answer.headers, body });
  }
}
await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
process.once('SIGTERM', () => app.close().then(() => process.exit(0)));
