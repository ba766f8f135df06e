import type { CreditNoteDocument, InvoiceDocument, InvoiceSourceLine } from '../../domain/india/invoice-document';
import { PRODUCT_TAX_DEFAULTS } from '../../domain/schemas/product';
import type { Executor } from '../db/database';

/**
 * The next number of a series in a financial year. The UPDATE takes the series row's lock until the caller's
 * transaction ends, so concurrent issuers queue and each sees the last one's number; a rollback gives it back.
 */
export async function nextDocumentNumber(trx: Executor, series: string, financialYear: string): Promise<number> {
  await trx
    .insertInto('document_series')
    .values({ series, financial_year: financialYear, last_number: 0 })
    .onConflict((oc) => oc.columns(['series', 'financial_year']).doNothing())
    .execute();
  const row = await trx
    .updateTable('document_series')
    .set((eb) => ({ last_number: eb('last_number', '+', 1) }))
    .where('series', '=', series)
    .where('financial_year', '=', financialYear)
    .returning('last_number')
    .executeTakeFirstOrThrow();
  return Number(row.last_number);
}

/** The order's lines with the tax facts of their products (a deleted product's line gets ghee's). */
export async function invoiceSourceLines(executor: Executor, orderRowId: number): Promise<InvoiceSourceLine[]> {
  const rows = await executor
    .selectFrom('order_lines as l')
    .leftJoin('products as p', 'p.id', 'l.product_id')
    .select(['l.name', 'l.size_ml', 'l.unit_price', 'l.item_qty', 'p.hsn', 'p.gst_rate'])
    .where('l.order_id', '=', orderRowId)
    .orderBy('l.position')
    .execute();
  return rows.map((r) => ({
    name: r.name,
    sizeMl: r.size_ml,
    unitPrice: r.unit_price,
    itemQty: r.item_qty,
    hsn: r.hsn ?? PRODUCT_TAX_DEFAULTS.hsn,
    gstRate: r.gst_rate ?? PRODUCT_TAX_DEFAULTS.gstRate,
  }));
}

export async function insertInvoice(trx: Executor, orderRowId: number, doc: InvoiceDocument): Promise<void> {
  await trx
    .insertInto('invoices')
    .values({ number: doc.number, order_id: orderRowId, issued_at: doc.issuedAt, total_paise: doc.totals.grossPaise, document: JSON.stringify(doc) })
    .execute();
  await trx.updateTable('orders').set({ invoice_number: doc.number }).where('id', '=', orderRowId).execute();
}

export async function findInvoiceOfOrder(executor: Executor, orderRowId: number): Promise<InvoiceDocument | null> {
  const row = await executor.selectFrom('invoices').select('document').where('order_id', '=', orderRowId).executeTakeFirst();
  return row ? (JSON.parse(row.document) as InvoiceDocument) : null;
}

export async function findInvoiceByNumber(executor: Executor, number: string): Promise<InvoiceDocument | null> {
  const row = await executor.selectFrom('invoices').select('document').where('number', '=', number).executeTakeFirst();
  return row ? (JSON.parse(row.document) as InvoiceDocument) : null;
}

export async function insertCreditNote(trx: Executor, orderRowId: number, doc: CreditNoteDocument, refundId: string | null = null): Promise<void> {
  await trx
    .insertInto('credit_notes')
    .values({
      number: doc.number,
      order_id: orderRowId,
      invoice_number: doc.invoiceNumber,
      issued_at: doc.issuedAt,
      amount_paise: doc.totals.grossPaise,
      reason: doc.reason,
      document: JSON.stringify(doc),
      refund_id: refundId,
    })
    .execute();
}

/** Paise already credited against the order's invoice (a voided note credits nothing). */
export async function creditedPaise(executor: Executor, orderRowId: number): Promise<number> {
  const row = await executor
    .selectFrom('credit_notes')
    .select((eb) => eb.fn.sum<number | string | null>('amount_paise').as('total'))
    .where('order_id', '=', orderRowId)
    .where('voided_at', 'is', null)
    .executeTakeFirst();
  return Number(row?.total ?? 0);
}

/** Voids the credit note issued with a refund, once; answers its number, or null when there was none to void. */
export async function voidCreditNoteOfRefund(trx: Executor, refundId: string, reason: string, at: string): Promise<string | null> {
  const row = await trx
    .updateTable('credit_notes')
    .set({ voided_at: at, void_reason: reason })
    .where('refund_id', '=', refundId)
    .where('voided_at', 'is', null)
    .returning('number')
    .executeTakeFirst();
  return row?.number ?? null;
}

/** A credit note as issued and, once its refund failed, when it was voided (not part of the issued document). */
export type StoredCreditNote = CreditNoteDocument & { voidedAt?: string };

const storedNote = (row: { document: string; voided_at: string | null }): StoredCreditNote => ({
  ...(JSON.parse(row.document) as CreditNoteDocument),
  ...(row.voided_at ? { voidedAt: row.voided_at } : {}),
});

export async function findCreditNote(executor: Executor, orderRowId: number, number: string): Promise<StoredCreditNote | null> {
  const row = await executor
    .selectFrom('credit_notes')
    .select(['document', 'voided_at'])
    .where('order_id', '=', orderRowId)
    .where('number', '=', number)
    .executeTakeFirst();
  return row ? storedNote(row) : null;
}

export async function listCreditNoteNumbers(executor: Executor, orderRowId: number): Promise<string[]> {
  const rows = await executor.selectFrom('credit_notes').select('number').where('order_id', '=', orderRowId).orderBy('issued_at').execute();
  return rows.map((r) => r.number);
}

export async function findCreditNoteByNumber(executor: Executor, number: string): Promise<StoredCreditNote | null> {
  const row = await executor.selectFrom('credit_notes').select(['document', 'voided_at']).where('number', '=', number).executeTakeFirst();
  return row ? storedNote(row) : null;
}

/** The order's credit notes as GET /api/order/{orderid}/refunds lists them (DESIGN.md §8.7), oldest first. */
export async function listCreditNotes(executor: Executor, orderRowId: number): Promise<{ number: string; date: string; amount: number; voided?: true }[]> {
  const rows = await executor
    .selectFrom('credit_notes')
    .select(['number', 'issued_at', 'amount_paise', 'voided_at'])
    .where('order_id', '=', orderRowId)
    .orderBy('issued_at')
    .orderBy('number')
    .execute();
  // `voided` only on a voided note, so the shape of every other note stays {number, date, amount}.
  return rows.map((r) => ({ number: r.number, date: r.issued_at, amount: Number(r.amount_paise) / 100, ...(r.voided_at ? { voided: true as const } : {}) }));
}
