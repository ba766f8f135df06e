import { PostgresAdapter } from 'kysely';
import { orderNumber, shopTimestamp } from '../../domain/display';
import { financialYearEnd, financialYearOf, documentNumber } from '../../domain/india/gst-tax';
import {
  buildCreditNoteDocument,
  buildInvoiceDocument,
  type CreditedGoods,
  type CreditNoteDocument,
  type InvoiceDocument,
} from '../../domain/india/invoice-document';
import { businessIsFilled } from '../../domain/schemas/business';
import { awaitsOnlinePayment, INVOICED_STATUSES, type OrderStatus } from '../../domain/order-status';
import { getBusiness } from '../business/business-repository';
import type { DB, Executor } from '../db/database';
import type { OrderRow } from '../db/schema';
import { HttpError, badRequest, notFound } from '../http/errors';
import { lockOrderRowById } from '../orders/order-repository';
import { findOwnedOrder, type OrderCaller } from '../orders/owned-order';
import {
  creditedPaise,
  listCreditNotes,
  findCreditNote,
  findInvoiceOfOrder,
  insertCreditNote,
  voidCreditNoteOfRefund as voidRefundNote,
  insertInvoice,
  invoiceSourceLines,
  nextDocumentNumber,
  type StoredCreditNote,
} from './invoice-repository';

export const INVOICE_SERIES = 'GS';
export const CREDIT_NOTE_SERIES = 'CN';


/** Statuses at which the goods never reached the customer or came back. */
const SUPPLY_UNDONE: readonly string[] = ['CANCELLED', 'RETURNED'];

export const notInvoiced = () =>
  new HttpError(409, 'NOT_INVOICED', 'This order has no invoice yet: it gets one when it is ready to ship or paid online.');

function dialectOf(executor: Executor) {
  return executor.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

async function inTransaction<T>(executor: Executor, work: (trx: Executor) => Promise<T>): Promise<T> {
  return executor.isTransaction ? work(executor) : (executor as DB).transaction().execute(work);
}

/**
 * The next number of a series and the document's date, stamped once the series row is locked: a document that
 * waited for another's number is dated after it, so numbers and dates rise together (a later number never carries
 * an earlier date, even across midnight at a month's end). One whose wait ran past 31 March keeps the year it
 * began in, dated that year's last instant, so the year's series has no gap.
 */
async function numberAndDate(trx: Executor, series: string): Promise<{ number: string; issuedAt: string }> {
  const financialYear = financialYearOf(shopTimestamp());
  const serial = await nextDocumentNumber(trx, series, financialYear);
  const now = shopTimestamp();
  const issuedAt = financialYearOf(now) === financialYear ? now : financialYearEnd(financialYear);
  return { number: documentNumber(series, financialYear, serial), issuedAt };
}

/**
 * Issues the order's tax invoice unless it has one, inside the caller's transaction (the status change or the
 * payment that makes it due), so the number exists if and only if that change committed. While the business
 * details are still placeholders nothing is issued: a tax invoice naming "set me" as the seller could never
 * be corrected. The next status change after they are filled issues it.
 */
export async function issueInvoiceIfDue(trx: Executor, orderRowId: number): Promise<InvoiceDocument | null> {
  const order = await lockOrderRowById(trx, dialectOf(trx), orderRowId);
  if (!order || order.invoice_number) return null;
  // No tax invoice for money not received: an online order is invoiced once paid, never before.
  if (awaitsOnlinePayment({ paymentmode: order.paymentmode, paymentstatus: order.payment_status })) return null;
  const business = await getBusiness(trx);
  if (!businessIsFilled(business)) return null;
  const { number, issuedAt } = await numberAndDate(trx, INVOICE_SERIES);
  const doc = buildInvoiceDocument(
    {
      orderid: order.orderid,
      orderNumber: orderNumber(order.id),
      orderDate: order.created_at,
      totalAmount: order.total_amount,
      charges: { deliveryFee: order.delivery_fee, codFee: order.cod_fee, discount: order.discount, couponCode: order.coupon_code },
      buyer: {
        name: order.username,
        address: order.address,
        district: order.district,
        state: order.state,
        pincode: order.pincode,
        mobilenumber: order.mobilenumber,
        email: order.emailaddress,
        gstin: order.gstin,
        businessName: order.business_name,
      },
      lines: await invoiceSourceLines(trx, order.id),
    },
    business,
    number,
    issuedAt,
  );
  await insertInvoice(trx, order.id, doc);
  return doc;
}

export async function issueInvoiceForStatus(trx: Executor, orderRowId: number, status: OrderStatus): Promise<InvoiceDocument | null> {
  return INVOICED_STATUSES.includes(status) ? issueInvoiceIfDue(trx, orderRowId) : null;
}

/**
 * A credit note against the order's invoice for `amount` whole rupees (a refund, a return), in its own gapless
 * series (CN/26-27/000007), naming the invoice and reversing its tax split. Runs in the caller's transaction when
 * given one (a refund records itself and its credit note together), else in its own. The order must be invoiced
 * (409 NOT_INVOICED) and the credits may not exceed the invoice (400).
 */
export async function issueCreditNote(
  executor: Executor,
  order: Pick<OrderRow, 'id'> | { orderid: string },
  amount: number,
  reason: string,
  options: { refundId?: string; goods?: readonly CreditedGoods[] } = {},
): Promise<CreditNoteDocument> {
  if (!Number.isInteger(amount) || amount <= 0) throw badRequest('A credit note is for a positive whole number of rupees.');
  const text = reason.trim();
  if (!text) throw badRequest('Say why the credit note is issued (it is printed on it).');
  return inTransaction(executor, async (trx) => {
    const row =
      'id' in order
        ? await lockOrderRowById(trx, dialectOf(trx), order.id)
        : await trx.selectFrom('orders').select('id').where('orderid', '=', order.orderid).executeTakeFirst().then((r) => r && lockOrderRowById(trx, dialectOf(trx), r.id));
    if (!row) throw notFound('There is no such order.');
    const invoice = await findInvoiceOfOrder(trx, row.id);
    if (!invoice) throw notInvoiced();
    const credited = await creditedPaise(trx, row.id);
    const left = invoice.totals.grossPaise - credited;
    if (amount * 100 > left) {
      throw badRequest(`The credit notes of this order may not exceed its invoice: at most ₹${Math.floor(left / 100)} is left to credit.`);
    }
    const { number, issuedAt } = await numberAndDate(trx, CREDIT_NOTE_SERIES);
    // A cancelled (or returned) order credited in full at once reverses the supply; anything else gives back value.
    const wholeSupply = credited === 0 && SUPPLY_UNDONE.includes(row.status);
    const doc = buildCreditNoteDocument(invoice, amount * 100, text.slice(0, 200), number, issuedAt, wholeSupply, options.goods);
    await insertCreditNote(trx, row.id, doc, options.refundId ?? null);
    return doc;
  });
}

/**
 * Credits whatever of the order's invoice is not credited yet, in whole rupees, so an order whose goods never
 * reached the customer (cancelled, or returned by the courier) nets to nothing in the tax returns. Nothing when the
 * order has no invoice or is credited already. Call it in the transaction that cancels or returns the order.
 */
export async function creditWhatIsLeft(trx: Executor, orderRowId: number, reason: string): Promise<CreditNoteDocument | null> {
  const left = Math.floor((await uncreditedPaise(trx, orderRowId)) / 100);
  return left > 0 ? issueCreditNote(trx, { id: orderRowId }, left, reason) : null;
}

/** Paise of the order's invoice no credit note credits yet (0 without an invoice). */
export async function uncreditedPaise(trx: Executor, orderRowId: number): Promise<number> {
  const invoice = await findInvoiceOfOrder(trx, orderRowId);
  return invoice ? invoice.totals.grossPaise - (await creditedPaise(trx, orderRowId)) : 0;
}

/**
 * The refund a credit note was issued with failed at the gateway: the note keeps its number (a tax document never
 * disappears), is listed as voided and credits nothing, so the amount can be credited again by a new refund.
 */
export async function voidCreditNoteOfRefund(trx: Executor, refundId: string, reason: string): Promise<string | null> {
  return voidRefundNote(trx, refundId, reason, shopTimestamp());
}

/** The order's credit notes as GET /api/order/{orderid}/refunds answers them: `[{number, date, amount}]` (rupees). */
export function creditNotesOf(executor: Executor, orderRowId: number): Promise<{ number: string; date: string; amount: number; voided?: true }[]> {
  return listCreditNotes(executor, orderRowId);
}

const NO_SUCH_ORDER = 'There is no such order on your account. Check the link and try again.';

/** The invoice of the caller's order (an admin: of any order); 404 for anyone else's, 409 before it exists. */
export async function invoiceOfOrder(executor: Executor, orderid: string, caller: OrderCaller): Promise<InvoiceDocument> {
  const order = await findOwnedOrder(executor, orderid, caller, { missing: NO_SUCH_ORDER });
  const invoice = await findInvoiceOfOrder(executor, order.id);
  if (!invoice) throw notInvoiced();
  return invoice;
}

/**
 * One credit note of the caller's order (an admin: of any order), by its number, with when it was voided if it was;
 * 404 when there is none.
 */
export async function creditNoteOfOrder(executor: Executor, orderid: string, number: string, caller: OrderCaller): Promise<StoredCreditNote> {
  const order = await findOwnedOrder(executor, orderid, caller, { missing: NO_SUCH_ORDER });
  const note = await findCreditNote(executor, order.id, number);
  if (!note) throw notFound('This order has no credit note with that number.');
  return note;
}
