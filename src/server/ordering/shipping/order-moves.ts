// What a shipment does to its order, one function per scan kind, each in the scan's transaction. A customer message
// for a scan (WhatsApp, DESIGN.md §8.6) belongs in the function of its kind.
import type { OrderStatus } from '../../../domain/order-status';
import type { CreditNoteDocument } from '../../../domain/india/invoice-document';
import type { ScanStatus } from '../../../domain/shipping';
import { writeAudit } from '../../audit/audit-log';
import type { Dialect, Executor } from '../../db/database';
import type { OrderRow } from '../../db/schema';
import { queueStatusMails } from '../../email-templates/status-mail-service';
import { creditWhatIsLeft, issueInvoiceForStatus } from '../../invoicing/invoice-service';
import { queueOrderMessage, type OrderMessage } from '../../messages/index';
import { findOrderByOrderId, lockOrderRowById } from '../../orders/order-repository';
import { returnOrderBottles } from '../../stock/stock-holds';
import { setOrderStatus } from '../order-status-repository';

export interface MoveContext {
  shopEmail: string;
  /** The shop's public URL, for the admin link in the shop's copy of the status mail. */
  publicUrl: string;
  awb: string;
  dialect: Dialect;
}

/** What a move did that needs work after the commit. */
export interface MoveOutcome {
  stockReturned: boolean;
}

const NOTHING: MoveOutcome = { stockReturned: false };

// Orders move forward only: a late scan never takes a delivered order back out for delivery.
const ORDER_RANK: Readonly<Record<OrderStatus, number>> = { PREPARATION: 0, READY: 1, OUTFORDELIVERY: 2, DELIVERED: 3, RETURNED: 3, CANCELLED: 9 };

// The WhatsApp message a scan's new status sends to an opted-in customer (the booking sends "shipped").
const STATUS_MESSAGES: Partial<Record<OrderStatus, OrderMessage['kind']>> = { OUTFORDELIVERY: 'OUT_FOR_DELIVERY', DELIVERED: 'DELIVERED' };

/**
 * Sets the order's status as the courier reports it, as an admin's status change does: the invoice from READY on, the
 * status mail and WhatsApp message, the audit row. Nothing when the order is already there or further (or cancelled). Answers whether it moved.
 */
async function moveOrder(trx: Executor, order: OrderRow, to: OrderStatus, move: MoveContext, settle?: () => Promise<CreditNoteDocument | null>): Promise<boolean> {
  const from = order.status;
  if (ORDER_RANK[to] <= ORDER_RANK[from]) return false;
  if (!(await setOrderStatus(trx, order.orderid, to))) return false;
  await issueInvoiceForStatus(trx, order.id, to);
  // What the new status settles (a return's credit note) is issued before its mail, which then carries it.
  const creditNote = (await settle?.()) ?? null;
  const view = await findOrderByOrderId(trx, order.orderid);
  if (view) {
    await queueStatusMails(trx, view, move.shopEmail, { creditNote, publicUrl: move.publicUrl });
    const message = STATUS_MESSAGES[to];
    if (message) await queueOrderMessage(trx, view, message);
  }
  await writeAudit(trx, { actorUserId: null, action: 'order.status', target: order.orderid, details: { from, to, by: 'courier', awb: move.awb } });
  return true;
}

/** Picked up or in transit: the order is READY (booking set it already; a shipment typed in late may not have). */
async function onOnTheWay(trx: Executor, order: OrderRow, move: MoveContext): Promise<MoveOutcome> {
  await moveOrder(trx, order, 'READY', move);
  return NOTHING;
}

async function onOutForDelivery(trx: Executor, order: OrderRow, move: MoveContext): Promise<MoveOutcome> {
  await moveOrder(trx, order, 'OUTFORDELIVERY', move);
  return NOTHING;
}

/** Delivered: the status mail carries the invoice, as when the owner marks it delivered. */
async function onDelivered(trx: Executor, order: OrderRow, move: MoveContext): Promise<MoveOutcome> {
  await moveOrder(trx, order, 'DELIVERED', move);
  return NOTHING;
}

/** The courier is bringing the parcel back: nothing changes for the order until it arrives. */
async function onReturning(): Promise<MoveOutcome> {
  return NOTHING;
}

/**
 * Returned to us: the order is RETURNED, its bottles go back on the shelf (once), and an issued invoice is credited
 * for whatever is not credited yet, so a COD order that was never collected nets to nothing in the tax returns. An
 * order cancelled while its parcel travelled stays CANCELLED and is settled the same way.
 */
async function onReturned(trx: Executor, order: OrderRow, move: MoveContext): Promise<MoveOutcome> {
  // Read again, locked: a cancellation that committed after the scan read the order saw the parcel still away and
  // left its bottles and invoice to this scan; one that comes later waits for this commit.
  const current = (await lockOrderRowById(trx, move.dialect, order.id)) ?? order;
  const credit = () => creditWhatIsLeft(trx, order.id, 'Returned to us by the courier');
  // Cancelled while the parcel travelled: the order stays CANCELLED, and its bottles and invoice are settled now.
  if (current.status === 'CANCELLED') await credit();
  else if (!(await moveOrder(trx, current, 'RETURNED', move, credit))) return NOTHING;
  return { stockReturned: await returnOrderBottles(trx, order.id) };
}

export const ORDER_MOVES: Readonly<Record<ScanStatus, (trx: Executor, order: OrderRow, move: MoveContext) => Promise<MoveOutcome>>> = {
  PICKED_UP: onOnTheWay,
  IN_TRANSIT: onOnTheWay,
  OUT_FOR_DELIVERY: onOutForDelivery,
  DELIVERED: onDelivered,
  RTO_INITIATED: onReturning,
  RTO_DELIVERED: onReturned,
};
