// The exact bytes and headers of one answer, as the benchmark's requests get it (compressed, not decoded).
import http from 'node:http';

export interface CapturedAnswer {
  headers: Record<string, string>;
  body: string;
}

// Set by Node's HTTP server itself for every answer; a replay gets its own.
const PER_CONNECTION = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);

export function captureAnswer(url: string, path: string, headers: Record<string, string>): Promise<CapturedAnswer> {
  return new Promise((resolve, reject) => {
    const request = http.get(new URL(path, url), { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const kept: Record<string, string> = {};
        for (const [name, value] of Object.entries(response.headers)) {
          if (!PER_CONNECTION.has(name) && value !== undefined) kept[name] = Array.isArray(value) ? value.join(', ') : value;
        }
        resolve({ headers: kept, body: Buffer.concat(chunks).toString('base64') });
      });
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}
