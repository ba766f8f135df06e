// Test support: a local stand-in for Sanity's query API, answering GET /v<version>/data/query/<dataset> with
// `{ms, query, result}` the way the real API does. Point a test shop at it with SANITY_API_HOST.
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SeenQuery {
  path: string;
  query: string | null;
  projectHeader: string | undefined;
}

export interface SanityTestServer {
  /** The value for SANITY_API_HOST. */
  apiHost: string;
  /** Every request received, in order; tests may empty it. */
  seen: SeenQuery[];
  /** While true, every query is answered with a 500. */
  failing: boolean;
  close(): Promise<void>;
}

/** Serves `documents()` (read on each request, so a test may change them) as the result of every query. */
export async function startSanityTestServer(documents: () => unknown[]): Promise<SanityTestServer> {
  const seen: SeenQuery[] = [];
  const server = createServer((req: IncomingMessage, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const query = url.searchParams.get('query');
    seen.push({ path: url.pathname, query, projectHeader: req.headers['x-sanity-project-id'] as string | undefined });
    if (handle.failing) {
      res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'boom' }));
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ ms: 3, query, result: documents() }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const handle: SanityTestServer = {
    apiHost: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    failing: false,
    close: () => new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve()))),
  };
  return handle;
}
