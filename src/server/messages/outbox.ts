import { formatRupees, orderNumber } from '../../domain/display';
import { whatsappNumber, type MessageKind } from '../../domain/messages-and-confirmation';
import type { Order } from '../../domain/schemas/order';
import type { Executor } from '../db/database';
import { nowIso } from '../db/database';
import { messageKindFor } from './message-text';

/** What a message needs of its order; the order view has it. */
export type MessageOrder = Pick<Order, 'id' | 'orderid' | 'username' | 'mobilenumber' | 'totalAmount' | 'paymentmode'> & {
  whatsappOptIn?: boolean;
};

export interface OrderMessage {
  order: MessageOrder;
  kind: MessageKind;
  /** Values after the three every message has (name, order, amount): the AWB and tracking link, the amount refunded. */
  extra?: readonly string[];
  /**
   * Makes the key unique for a kind that may be sent more than once for an order (each refund): by default a kind is
   * sent once per order.
   */
  occasion?: string;
}

/** The template's body values, in order: the customer's name, the order number, the amount, then the kind's own. */
export function messageParams(order: MessageOrder, extra: readonly string[] = []): string[] {
  return [order.username, orderNumber(order.id), formatRupees(order.totalAmount), ...extra];
}

/**
 * Queues WhatsApp messages in the caller's transaction, one INSERT for all of them: a message exists if and only
 * if the change that caused it commits. Orders without the customer's opt-in get none, and nothing is written for
 * them. The idempotency key (order, kind asked for, occasion) is unique, so a step that runs twice queues one
 * message, whichever template the order's payment chose.
 */
export async function queueOrderMessages(executor: Executor, messages: readonly OrderMessage[]): Promise<number> {
  const wanted = messages.filter((m) => m.order.whatsappOptIn === true);
  if (wanted.length === 0) return 0;
  const now = nowIso();
  const result = await executor
    .insertInto('message_outbox')
    .values(
      wanted.map((m) => ({
        order_id: m.order.id,
        orderid: m.order.orderid,
        kind: messageKindFor(m.kind, m.order.paymentmode),
        to_number: whatsappNumber(m.order.mobilenumber),
        params: JSON.stringify(messageParams(m.order, m.extra)),
        idempotency_key: `${m.order.orderid}:${m.kind}${m.occasion ? `:${m.occasion}` : ''}`,
        status: 'QUEUED',
        attempts: 0,
        next_attempt_at: now,
        created_at: now,
        updated_at: now,
      })),
    )
    .onConflict((c) => c.column('idempotency_key').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0);
}

/** One message for one order, in the caller's transaction (see queueOrderMessages). */
export function queueOrderMessage(executor: Executor, order: MessageOrder, kind: MessageKind, extra?: readonly string[], occasion?: string): Promise<number> {
  return queueOrderMessages(executor, [{ order, kind, ...(extra ? { extra } : {}), ...(occasion ? { occasion } : {}) }]);
}

/** As queueOrderMessage, for a step that holds the order's row id only (a refund settling). */
export async function queueMessageForOrderRow(executor: Executor, orderRowId: number, kind: MessageKind, extra?: readonly string[], occasion?: string): Promise<number> {
  const row = await executor
    .selectFrom('orders')
    .select(['id', 'orderid', 'username', 'mobilenumber', 'total_amount', 'paymentmode', 'whatsapp_opt_in'])
    .where('id', '=', orderRowId)
    .executeTakeFirst();
  if (!row || row.whatsapp_opt_in !== 1) return 0;
  const order: MessageOrder = { ...row, totalAmount: row.total_amount, whatsappOptIn: true, paymentmode: row.paymentmode as MessageOrder['paymentmode'] };
  return queueOrderMessage(executor, order, kind, extra, occasion);
}
