// The bare Fastify server every API figure is compared with: same framework, same machine, same run.
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
if (process.env.REPLAY_FILE) {
  const answers = JSON.parse(readFileSync(process.env.REPLAY_FILE, 'utf8'));
  for (const [name, answer] of Object.entries(answers)) {
    const body = Buffer.from(answer.body, 'base64');
    app.get(`/replay/${name}`, async (_request, reply) => reply.headers(answer.headers).send(body));
  }
}
await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
process.once('SIGTERM', () => app.close().then(() => process.exit(0)));
