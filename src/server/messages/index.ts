// WhatsApp messages (DESIGN.md §8.6): the outbox other capabilities queue into in their own transaction, the
// worker that sends it, and the routes (the admin's list and templates, the webhook, the sandbox's replies).
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context';
import { createLoadMonitor } from '../http/load-monitor';
import { messageProviderFor, type MessageProvider } from './provider';
import { createMessageWorker, type MessageWorker } from './worker';

export { queueMessageForOrderRow, queueOrderMessage, queueOrderMessages, type MessageOrder, type OrderMessage } from './outbox';

const MAX_DEFER_MS = 30_000;
const workers = new WeakMap<AppContext, { worker: MessageWorker; provider: MessageProvider }>();

/**
 * The app's message sender, made on first use with the provider its configuration names (the routes plugin makes
 * it at start, with the app's logger).
 */
export function messaging(ctx: AppContext, logger?: FastifyBaseLogger): { worker: MessageWorker; provider: MessageProvider } {
  let found = workers.get(ctx);
  if (!found) {
    const provider = messageProviderFor(ctx.config);
    // A shop saturated by customers sends its messages a little later rather than checking out more slowly.
    const monitor = ctx.backgroundJobs ? createLoadMonitor() : undefined;
    const worker = createMessageWorker({
      handle: ctx.database,
      provider,
      publicUrl: ctx.config.PUBLIC_URL,
      ...(logger ? { logger } : {}),
      ...(monitor ? { yieldTo: { busy: monitor.busy, maxDeferMs: MAX_DEFER_MS } } : {}),
    });
    found = { provider, worker };
    workers.set(ctx, found);
  }
  return found;
}

/** Ask for a send soon, after a commit that queued messages. */
export function kickMessages(ctx: AppContext): void {
  messaging(ctx).worker.kick();
}
