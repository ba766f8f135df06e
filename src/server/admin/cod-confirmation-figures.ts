import type { ConfirmationResult } from '../../domain/messages-and-confirmation';
import type { Executor } from '../db/database';

/**
 * How COD confirmations went for orders created since `since` (shop time, as created_at): confirmed, cancelled by
 * the customer, expired unanswered; and how many wait now.
 */
export async function codConfirmationFigures(executor: Executor, since: string) {
  const [ended, waiting] = await Promise.all([
    executor
      .selectFrom('orders')
      .select(['confirmation_result', (eb) => eb.fn.countAll<number>().as('n')])
      .where('confirmation_result', 'is not', null)
      .where('created_at', '>=', since)
      .groupBy('confirmation_result')
      .execute(),
    executor.selectFrom('orders').select((eb) => eb.fn.countAll<number>().as('n')).where('confirmation', '=', 'PENDING').executeTakeFirst(),
  ]);
  const count = (result: ConfirmationResult) => Number(ended.find((r) => r.confirmation_result === result)?.n ?? 0);
  return { toConfirm: Number(waiting?.n ?? 0), confirmed: count('CONFIRMED'), cancelled: count('CANCELLED'), expired: count('EXPIRED') };
}
