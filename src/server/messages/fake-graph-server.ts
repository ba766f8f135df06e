// A fake of the WhatsApp Cloud API's send call (POST /{version}/{phone-number-id}/messages) for tests: it
// records what it was sent and answers as told (a message id, a server error, a refusal).
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface GraphRequest {
  path: string;
  authorization: string | undefined;
  body: { to: string; template: { name: string; language: { code: string }; components: { type: string; parameters: { text?: string; payload?: string }[] }[] } };
}

export interface FakeGraphServer {
  url: string;
  requests: GraphRequest[];
  /** How the next sends are answered. */
  answer: 'ok' | 'server-error' | 'rejected';
  close(): Promise<void>;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startFakeGraphServer(): Promise<FakeGraphServer> {
  let sent = 0;
  const fake: FakeGraphServer = { url: '', requests: [], answer: 'ok', close: () => Promise.resolve() };
  const server: Server = createServer((request, response) => {
    void readBody(request).then((text) => {
      response.setHeader('content-type', 'application/json');
      if (request.method !== 'POST' || !/^\/v\d+\.\d+\/[^/]+\/messages$/.test(request.url ?? '')) {
        response.statusCode = 404;
        response.end(JSON.stringify({ error: { message: 'Unknown path', code: 100 } }));
        return;
      }
      fake.requests.push({ path: request.url ?? '', authorization: request.headers.authorization, body: JSON.parse(text) as GraphRequest['body'] });
      if (fake.answer === 'server-error') {
        response.statusCode = 503;
        response.end(JSON.stringify({ error: { message: 'Service temporarily unavailable', code: 2 } }));
        return;
      }
      if (fake.answer === 'rejected') {
        response.statusCode = 400;
        response.end(JSON.stringify({ error: { message: '(#132001) Template name does not exist in the translation', code: 132001 } }));
        return;
      }
      sent += 1;
      const to = (JSON.parse(text) as { to: string }).to;
      response.end(JSON.stringify({ messaging_product: 'whatsapp', contacts: [{ input: to, wa_id: to }], messages: [{ id: `wamid.FAKE${sent}` }] }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v21.0`;
  fake.close = () => new Promise((resolve) => server.close(() => resolve()));
  return fake;
}
