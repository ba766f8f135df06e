// WhatsApp messages (DESIGN.md §8.6): the outbox other capabilities queue into in their own transaction, the
// worker that sends it, and the routes (the admin's list and templates, the webhook, the sandbox's replies).
import type { AppContext } from '../context';
import { messageProviderFor, type MessageProvider } from './provider';
import { createMessageWorker, type MessageWorker } from './worker';

export { queueOrderMessage, queueOrderMessages, type MessageOrder, type OrderMessage } from './outbox';

const workers = new WeakMap<AppContext, { worker: MessageWorker; provider: MessageProvider }>();

/** The app's message sender, made on first use with the provider its configuration names. */
export function messaging(ctx: AppContext): { worker: MessageWorker; provider: MessageProvider } {
  let found = workers.get(ctx);
  if (!found) {
    const provider = messageProviderFor(ctx.config);
    found = { provider, worker: createMessageWorker({ handle: ctx.database, provider, publicUrl: ctx.config.PUBLIC_URL }) };
    workers.set(ctx, found);
  }
  return found;
}

/** Ask for a send soon, after a commit that queued messages. */
export function kickMessages(ctx: AppContext): void {
  messaging(ctx).worker.kick();
}
