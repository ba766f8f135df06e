import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

const SAFE_REQUEST_ID = /^[A-Za-z0-9._:=+/-]{1,64}$/;

/**
 * A load balancer's X-Request-Id is kept when it is a plain id; anything else (8,000 characters, markup, line
 * breaks) would be echoed in the answer and written into every log line of the request, so it gets a new one.
 */
export function requestIdOf(raw: IncomingMessage): string {
  const given = raw.headers['x-request-id'];
  return typeof given === 'string' && SAFE_REQUEST_ID.test(given) ? given : randomUUID();
}
