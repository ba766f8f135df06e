import type { ConfirmationResult } from '../../domain/messages-and-confirmation';
import type { Executor } from '../db/database';

/**
 * How COD confirmations went for orders created since `since` (shop time, as created_at): confirmed and cancelled by
 * the customer or by the shop for them, expired unanswered; and how many wait now.
 */
export async function codConfirmationFigures(executor: Executor, since: string) {
  const [ended, waiting] = await Promise.all([
    executor
      .selectFrom('orders')
      .select(['confirmation_result', 'cancelled_by', (eb) => eb.fn.countAll<number>().as('n')])
      .where('confirmation_result', 'is not', null)
      .where('created_at', '>=', since)
      .groupBy(['confirmation_result', 'cancelled_by'])
      .execute(),
    // Counted as the "COD to confirm" list finds them (confirmation-list-repository.ts).
    executor.selectFrom('orders').select((eb) => eb.fn.countAll<number>().as('n')).where('confirmation', '=', 'PENDING').where('status', '!=', 'CANCELLED').executeTakeFirst(),
  ]);
  const count = (result: ConfirmationResult, byShop?: boolean) =>
    ended
      .filter((r) => r.confirmation_result === result && (byShop === undefined || (r.cancelled_by === 'ADMIN') === byShop))
      .reduce((sum, r) => sum + Number(r.n), 0);
  return {
    toConfirm: Number(waiting?.n ?? 0),
    confirmed: count('CONFIRMED'),
    confirmedByShop: count('CONFIRMED_BY_SHOP'),
    cancelled: count('CANCELLED', false),
    cancelledByShop: count('CANCELLED', true),
    expired: count('EXPIRED'),
  };
}
