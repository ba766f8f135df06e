import { whatsappNumber } from '../../domain/messages-and-confirmation';
import { writeAudit } from '../audit/audit-log';
import type { AppContext } from '../context';
import type { AnswerFromCustomer } from '../messages/message-service';
import { findOrderRow } from '../orders/order-repository';
import { forbidden } from '../http/errors';
import { findUserWhatsappOptIn, setWhatsappOptIn } from './cod-confirmation-repository';
import { answerConfirmation } from './workflows/confirm-cod-order';

/**
 * What a customer's WhatsApp answer does: Confirm or Cancel answer the order's confirmation (only from the number
 * the order was placed with), STOP ends messages to every account of that number, START turns them on again for
 * those accounts as the profile's switch does (orders STOP reached stay stopped; each new order asks at checkout).
 */
export async function applyWhatsappAnswer(ctx: AppContext, answer: AnswerFromCustomer): Promise<void> {
  if (answer.answer === 'STOP') {
    await setAccountsOptIn(ctx, answer.userIds, false, 'STOP reply');
    return;
  }
  if (answer.answer === 'START') {
    await setAccountsOptIn(ctx, answer.userIds, true, 'START reply');
    return;
  }
  if (!answer.orderid) return;
  const row = await findOrderRow(ctx.db, answer.orderid);
  if (!row || whatsappNumber(row.mobilenumber) !== answer.from) throw forbidden('This answer came from another number than the order’s.');
  await answerConfirmation(ctx, row.orderid, answer.answer, { kind: 'whatsapp' });
}

/** The account's WhatsApp choice (profile); off also stops messages about its orders already placed. */
export async function setAccountsOptIn(ctx: AppContext, userIds: readonly number[], optIn: boolean, why: string): Promise<void> {
  if (userIds.length === 0) return;
  await ctx.db.transaction().execute(async (trx) => {
    for (const userId of userIds) {
      await setWhatsappOptIn(trx, userId, optIn);
      await writeAudit(trx, { actorUserId: null, action: optIn ? 'whatsapp.opt-in' : 'whatsapp.opt-out', target: `user:${userId}`, details: { why } });
    }
  });
}

export async function accountOptIn(ctx: AppContext, userId: number): Promise<{ whatsappOptIn: boolean }> {
  return { whatsappOptIn: await findUserWhatsappOptIn(ctx.db, userId) };
}
