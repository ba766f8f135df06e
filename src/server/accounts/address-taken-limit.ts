import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { HttpError } from '../http/errors';
import { tooManyRequests } from '../http/rate-limit';
import { claimAttempt, type AttemptLimit } from '../limits/attempts';

/** "That address is taken" answers one account may get from e-mail changes in an hour, whatever its networks. */
export const ADDRESS_PROBES_PER_ACCOUNT = 5;
const PER_IP_WINDOW_MS = 60_000;
const PER_ACCOUNT_WINDOW_MS = 60 * 60_000;

/**
 * "This address has an account" is an answer worth probing for (DESIGN.md §7.1): register, billing, the e-mail
 * change and its confirmation share one per-IP budget of such answers a minute (`AUTH_RATE_LIMIT`; 0 turns it off),
 * and an e-mail change also counts per account, so one signed-in prober on many networks learns no more. Each call
 * is counted before it runs, atomically, and taken back unless it answers 409: many simultaneous probes get exactly
 * the budget's answers, and the rest a 429 that tells nothing.
 */
export function createAddressTakenLimit(ctx: Pick<AppContext, 'counters' | 'config'>) {
  const perIp = ctx.config.AUTH_RATE_LIMIT;
  return async function limitAddressTaken<T>(request: FastifyRequest, work: () => Promise<T>, options: { accountId?: number } = {}): Promise<T> {
    const limits: AttemptLimit[] = [];
    if (perIp > 0) {
      limits.push({
        key: `address-taken:ip:${request.ip}`,
        max: perIp,
        windowMs: PER_IP_WINDOW_MS,
        refuse: (resetInMs) => tooManyRequests(resetInMs, 'Too many addresses tried from your network.'),
      });
    }
    if (options.accountId !== undefined) {
      limits.push({
        key: `address-taken:account:${options.accountId}`,
        max: ADDRESS_PROBES_PER_ACCOUNT,
        windowMs: PER_ACCOUNT_WINDOW_MS,
        refuse: (resetInMs) => tooManyRequests(resetInMs, 'Too many e-mail addresses tried that other accounts use.'),
      });
    }
    if (limits.length === 0) return work();
    const attempt = await claimAttempt(ctx.counters, limits);
    let taken = false;
    try {
      return await work();
    } catch (error) {
      taken = error instanceof HttpError && error.statusCode === 409;
      throw error;
    } finally {
      if (!taken) await attempt.release();
    }
  };
}
