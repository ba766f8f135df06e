import { toast, type Id, type TypeOptions } from 'react-toastify';
import { TOASTS } from '../../../../domain/messages';
import type { OutboxStatus, StatusMailAnswer } from '../../../../domain/schemas/mail-outbox';
import { fetchOutboxMail } from '../api/outbox-api';

// The outbox worker sends within seconds while the mail server answers; the first look leaves the owner time to read
// that the mail is on its way.
const FIRST_LOOK_MS = 2_000;
const LOOK_EVERY_MS = 3_000;
// Past this the mail is waiting out a failing mail server: the dashboard's mail banner and the Mail Outbox say so.
const FOLLOW_FOR_MS = 3 * 60_000;

const wait = (ms: number) => new Promise<void>((resolve) => window.setTimeout(resolve, ms));

/**
 * The toasts of one status change, each true when it shows (SPEC.md §8's words): "will take 1-2 minutes" once the
 * server has queued the mails, then the same toast turns to "Email delivered successfully" when the outbox has sent
 * them all, or to the failure when one was given up. With both mail switches off nothing was queued: the server's
 * answer says so.
 */
export async function toastStatusMails(answer: StatusMailAnswer): Promise<void> {
  if (answer.mailIds.length === 0) {
    toast.info(answer.message);
    return;
  }
  const id = toast.info(TOASTS.statusMailProcessing);
  const outcome = await followDelivery(answer.mailIds);
  if (outcome === 'sent') say(id, TOASTS.statusMailSent, 'success');
  else if (outcome === 'failed') say(id, TOASTS.statusMailFailed, 'error');
}

/** Looks at the mails until all are sent or one failed; 'pending' when they are still queued at the end of the time. */
async function followDelivery(mailIds: readonly number[]): Promise<OutboxStatus> {
  const until = Date.now() + FOLLOW_FOR_MS;
  await wait(FIRST_LOOK_MS);
  while (Date.now() < until) {
    let statuses: OutboxStatus[];
    try {
      statuses = (await Promise.all(mailIds.map(fetchOutboxMail))).map((mail) => mail.status);
    } catch {
      // Signed out, or the server is away: the Mail Outbox still tells.
      return 'pending';
    }
    if (statuses.includes('failed')) return 'failed';
    if (statuses.every((status) => status === 'sent')) return 'sent';
    await wait(LOOK_EVERY_MS);
  }
  return 'pending';
}

/** The action's toast turns to the news if it is still up, else the news gets a toast of its own. */
function say(id: Id, text: string, type: TypeOptions): void {
  if (toast.isActive(id)) toast.update(id, { render: text, type });
  else if (type === 'error') toast.error(text);
  else toast.success(text);
}
