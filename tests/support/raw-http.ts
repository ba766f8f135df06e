import http from 'node:http';

/** An answer as it crossed the wire. */
export interface RawAnswer {
  status: number;
  /** Every header in the order sent, without the two that differ per request (date, x-request-id). */
  headers: string[];
  requestId: string | undefined;
  /** Base64, so compressed bytes compare exactly. */
  body: string;
}

/**
 * One request over a real socket. The fast path (http/fast-path.ts) sits in the server's request handler, which
 * Fastify's inject() does not pass through.
 */
export function askRaw(port: number, path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<RawAnswer> {
  return new Promise<RawAnswer>((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port, path, method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const raw = response.rawHeaders;
        const kept: string[] = [];
        for (let i = 0; i < raw.length; i += 2) {
          const name = raw[i]!.toLowerCase();
          if (name !== 'date' && name !== 'x-request-id') kept.push(`${name}: ${raw[i + 1]}`);
        }
        const id = response.headers['x-request-id'];
        resolve({ status: response.statusCode!, headers: kept, requestId: typeof id === 'string' ? id : undefined, body: Buffer.concat(chunks).toString('base64') });
      });
    });
    request.on('error', reject);
    request.end();
  });
}
