import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../http/errors';
import { createCounter, tooManyRequests } from '../http/rate-limit';

const WINDOW_MS = 60_000;

/**
 * "This address has an account" is an answer worth probing for (DESIGN.md §7.1): register, billing and the e-mail
 * change share one per-IP budget of such answers a minute (`AUTH_RATE_LIMIT`; 0 turns it off). Past it, the answer
 * is a 429 instead of the 409, so a prober learns nothing more until the window ends.
 */
export function createAddressTakenLimit(app: FastifyInstance, max: number) {
  const counter = max > 0 ? createCounter(app, { max, windowMs: WINDOW_MS, key: (request) => `address-taken:${request.ip}` }) : null;
  return async function limitAddressTaken<T>(request: FastifyRequest, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (!counter || !(error instanceof HttpError) || error.statusCode !== 409) throw error;
      const { count, resetInMs } = await counter.peek(request);
      if (count >= max) throw tooManyRequests(resetInMs, 'Too many addresses tried from your network.');
      await counter.hit(request);
      throw error;
    }
  };
}
