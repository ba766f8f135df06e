import type { CreditNoteDocument, InvoiceDocument } from '../../domain/india/invoice-document';
import type { Executor } from '../db/database';
import type { StoredCreditNote } from './gstr1';

// Documents are stamped in shop time ("2026-11-26T…+05:30"), so a day's bounds compare as text.

/** The invoices issued on days `from` (included) to `before` (excluded), YYYY-MM-DD, as they were issued. */
export async function invoicesIssuedBetween(executor: Executor, from: string, before: string): Promise<InvoiceDocument[]> {
  const rows = await executor
    .selectFrom('invoices')
    .select('document')
    .where('issued_at', '>=', from)
    .where('issued_at', '<', before)
    .orderBy('issued_at')
    .orderBy('number')
    .execute();
  return rows.map((r) => JSON.parse(r.document) as InvoiceDocument);
}

/** The credit notes issued in the same days, each with the value of the invoice it is against. */
export async function creditNotesIssuedBetween(executor: Executor, from: string, before: string): Promise<StoredCreditNote[]> {
  const rows = await executor
    .selectFrom('credit_notes as c')
    .innerJoin('invoices as i', 'i.number', 'c.invoice_number')
    .select(['c.document', 'i.total_paise', 'c.voided_at'])
    .where('c.issued_at', '>=', from)
    .where('c.issued_at', '<', before)
    .orderBy('c.issued_at')
    .orderBy('c.number')
    .execute();
  return rows.map((r) => ({ doc: JSON.parse(r.document) as CreditNoteDocument, invoiceValuePaise: Number(r.total_paise), voided: r.voided_at !== null }));
}
