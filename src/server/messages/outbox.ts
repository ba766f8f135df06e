import { formatRupees, orderNumber } from '../../domain/display';
import { MESSAGE_VALUES, whatsappNumber, type MessageKind, type MessageValue } from '../../domain/messages-and-confirmation';
import type { Order } from '../../domain/schemas/order';
import type { Executor } from '../db/database';
import { nowIso } from '../db/database';
import { messageKindFor, VALUE_MADE_WHEN_SENT } from './message-text';

/** What a message needs of its order; the order view has it. */
export type MessageOrder = Pick<Order, 'id' | 'orderid' | 'username' | 'mobilenumber' | 'totalAmount' | 'paymentmode'> & {
  whatsappOptIn?: boolean;
};

/** The values a step supplies for its message, beyond those the order holds: the AWB and tracking link, the refund. */
export type MessageExtras = Partial<Record<Exclude<MessageValue, 'customerName' | 'orderNumber' | 'orderAmount' | typeof VALUE_MADE_WHEN_SENT>, string>>;

export interface OrderMessage {
  order: MessageOrder;
  kind: MessageKind;
  extra?: MessageExtras;
  /**
   * Makes the key unique for a kind that may be sent more than once for an order (each refund): by default a kind is
   * sent once per order.
   */
  occasion?: string;
}

/**
 * The template's body values, in the order of MESSAGE_VALUES (the words' variables): the order's own, then those the
 * step supplied. The review link is left for the worker to make when it sends.
 */
export function messageParams(order: MessageOrder, kind: MessageKind, extra: MessageExtras = {}): string[] {
  const known: Partial<Record<MessageValue, string>> = {
    customerName: order.username,
    orderNumber: orderNumber(order.id),
    orderAmount: formatRupees(order.totalAmount),
    ...extra,
  };
  return MESSAGE_VALUES[kind].filter((value) => value !== VALUE_MADE_WHEN_SENT).map((value) => known[value] ?? '');
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
      wanted.map((m) => {
        const kind = messageKindFor(m.kind, m.order.paymentmode);
        return {
          order_id: m.order.id,
          orderid: m.order.orderid,
          kind,
          to_number: whatsappNumber(m.order.mobilenumber),
          params: JSON.stringify(messageParams(m.order, kind, m.extra)),
          idempotency_key: `${m.order.orderid}:${m.kind}${m.occasion ? `:${m.occasion}` : ''}`,
          status: 'QUEUED',
          attempts: 0,
          next_attempt_at: now,
          created_at: now,
          updated_at: now,
        };
      }),
    )
    .onConflict((c) => c.column('idempotency_key').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0);
}

/** One message for one order, in the caller's transaction (see queueOrderMessages). */
export function queueOrderMessage(executor: Executor, order: MessageOrder, kind: MessageKind, extra?: MessageExtras, occasion?: string): Promise<number> {
  return queueOrderMessages(executor, [{ order, kind, ...(extra ? { extra } : {}), ...(occasion ? { occasion } : {}) }]);
}

/** As queueOrderMessage, for a step that holds the order's row id only (a refund settling). */
export async function queueMessageForOrderRow(executor: Executor, orderRowId: number, kind: MessageKind, extra?: MessageExtras, occasion?: string): Promise<number> {
  const row = await executor
    .selectFrom('orders')
    .select(['id', 'orderid', 'username', 'mobilenumber', 'total_amount', 'paymentmode', 'whatsapp_opt_in'])
    .where('id', '=', orderRowId)
    .executeTakeFirst();
  if (!row || row.whatsapp_opt_in !== 1) return 0;
  const order: MessageOrder = { ...row, totalAmount: row.total_amount, whatsappOptIn: true, paymentmode: row.paymentmode as MessageOrder['paymentmode'] };
  return queueOrderMessage(executor, order, kind, extra, occasion);
}
