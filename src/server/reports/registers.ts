// The report periods and the two CSV files (sales register, HSN summary): pure functions of stored documents.
import { shopTimestamp } from '../../domain/display';
import { documentName } from '../../domain/india/document-name';
import type { CreditNoteDocument, InvoiceDocument } from '../../domain/india/invoice-document';
import { csvRow } from '../http/csv';
import { badRequest } from '../http/errors';
import { hsnRows, isTaxDocument, sectionOf, type StoredCreditNote } from './gstr1';

export interface ReportPeriod {
  /** MMYYYY as the return names it (a quarter: its last month). */
  fp: string;
  /** First and last day, YYYY-MM-DD, both included. */
  from: string;
  to: string;
  quarter: boolean;
}

const pad = (n: number) => String(n).padStart(2, '0');
const lastDay = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/**
 * `period` MMYYYY; with `quarter` it names the quarter's last month (03, 06, 09 or 12), as a quarterly return does.
 * A period that has not started in India by `now` is refused: its return would be empty, and an empty GSTR-1 filed
 * for a month still to come is a wrong return, not a harmless one. The month (or quarter) under way is allowed.
 */
export function parsePeriod(period: string, quarter = false, now = new Date()): ReportPeriod {
  const match = /^(0[1-9]|1[0-2])(20\d\d)$/.exec(period);
  if (!match) throw badRequest('Give the period as MMYYYY, e.g. 112026 for November 2026.', { period: 'Use MMYYYY, e.g. 112026.' });
  const month = Number(match[1]);
  const year = Number(match[2]);
  if (quarter && month % 3 !== 0) {
    throw badRequest('A quarter is named by its last month: 06, 09, 12 or 03.', { period: 'Name the quarter by its last month.' });
  }
  const first = quarter ? month - 2 : month;
  const from = `${year}-${pad(first)}-01`;
  const today = shopTimestamp(now).slice(0, 10);
  if (from > today) {
    const name = quarter ? `${MONTH_NAMES[first - 1]}–${MONTH_NAMES[month - 1]} ${year}` : `${MONTH_NAMES[month - 1]} ${year}`;
    const current = `${MONTH_NAMES[Number(today.slice(5, 7)) - 1]} ${today.slice(0, 4)}`;
    const message = `${name} has not started yet: reports cover this month (${current}) and earlier months.`;
    throw badRequest(message, { period: message });
  }
  return { fp: period, from, to: `${year}-${pad(month)}-${pad(lastDay(year, month))}`, quarter };
}

const DAY = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const isDay = (day: string) => DAY.test(day) && new Date(`${day}T00:00:00Z`).toISOString().slice(0, 10) === day;
/** The sales register's own range: any days, at most a year and a bit (a financial year with its margins). */
export function parseRange(from: string, to: string): ReportPeriod {
  if (!isDay(from)) throw badRequest('Give `from` as YYYY-MM-DD.', { from: 'Use YYYY-MM-DD.' });
  if (!isDay(to)) throw badRequest('Give `to` as YYYY-MM-DD.', { to: 'Use YYYY-MM-DD.' });
  if (to < from) throw badRequest('`to` comes before `from`.', { to: 'Must not be before `from`.' });
  if ((Date.parse(to) - Date.parse(from)) / 86_400_000 > 400) throw badRequest('A register covers at most 400 days.', { to: 'At most 400 days after `from`.' });
  return { fp: `${to.slice(5, 7)}${to.slice(0, 4)}`, from, to, quarter: false };
}

/** The day after `day` (YYYY-MM-DD): the period's upper bound, exclusive. */
export function dayAfter(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

/** Rows as RFC 4180 text: CRLF line ends, a header row first. */
export function toCsv(header: readonly string[], rows: readonly (readonly (string | number)[])[]): string {
  return [header, ...rows].map(csvRow).join('');
}

/** Paise as "1234.50" (a leading minus for credits): a number a spreadsheet reads as such. */
export function csvRupees(paise: number): string {
  const sign = paise < 0 ? '-' : '';
  const abs = Math.abs(paise);
  return `${sign}${Math.floor(abs / 100)}.${pad(abs % 100)}`;
}

const customerOf = (doc: InvoiceDocument | CreditNoteDocument) => (doc.buyer.gstin && doc.buyer.businessName ? doc.buyer.businessName : doc.buyer.name);

export const SALES_REGISTER_HEADER = [
  'Type', 'Number', 'Date', 'Customer', 'GSTIN', 'Place of supply', 'Taxable value', 'CGST', 'SGST', 'IGST', 'Total', 'Against invoice',
] as const;

/** One row per invoice and credit note, in date order; credit notes negative. */
export function salesRegisterCsv(invoices: readonly InvoiceDocument[], notes: readonly CreditNoteDocument[]): string {
  const docs: (InvoiceDocument | CreditNoteDocument)[] = [...invoices, ...notes];
  docs.sort((a, b) => a.issuedAt.localeCompare(b.issuedAt) || a.number.localeCompare(b.number));
  const rows = docs.map((doc) => {
    const sign = doc.kind === 'CREDIT_NOTE' ? -1 : 1;
    // As printed on the document, in sentence case: "Tax invoice", "Bill of supply", "Credit note".
    const name = documentName(doc).toLowerCase();
    const type = `${name.charAt(0).toUpperCase()}${name.slice(1)}`;
    const t = doc.totals;
    return [
      type,
      doc.number,
      doc.issuedAt.slice(0, 10),
      customerOf(doc),
      doc.buyer.gstin ?? '',
      doc.placeOfSupply.stateCode,
      csvRupees(sign * t.taxablePaise),
      csvRupees(sign * t.cgstPaise),
      csvRupees(sign * t.sgstPaise),
      csvRupees(sign * t.igstPaise),
      csvRupees(sign * t.grossPaise),
      doc.kind === 'CREDIT_NOTE' ? doc.invoiceNumber : '',
    ];
  });
  return toCsv(SALES_REGISTER_HEADER, rows);
}

export const HSN_SUMMARY_HEADER = [
  'Section', 'HSN', 'Unit', 'Quantity', 'Rate', 'Taxable value', 'IGST', 'CGST', 'SGST', 'Cess', 'Total value',
] as const;

/** The HSN summary of GSTR-1 (B2B and B2C apart), credit notes netted, as a spreadsheet. */
export function hsnSummaryCsv(invoices: readonly InvoiceDocument[], notes: readonly StoredCreditNote[]): string {
  const taxInvoices = invoices.filter(isTaxDocument);
  const taxNotes = notes.filter((n) => isTaxDocument(n.doc));
  const isB2b = (d: InvoiceDocument | CreditNoteDocument) => sectionOf(d, 0) === 'B2B';
  const sections = [
    ['B2B', hsnRows(taxInvoices.filter(isB2b), taxNotes.map((n) => n.doc).filter(isB2b))],
    ['B2C', hsnRows(taxInvoices.filter((d) => !isB2b(d)), taxNotes.map((n) => n.doc).filter((d) => !isB2b(d)))],
  ] as const;
  const paise = (r: number) => Math.round(r * 100);
  const rows = sections.flatMap(([section, list]) =>
    list.map((r) => [
      section,
      r.hsn_sc,
      r.uqc,
      r.qty,
      r.rt,
      csvRupees(paise(r.txval)),
      csvRupees(paise(r.iamt)),
      csvRupees(paise(r.camt)),
      csvRupees(paise(r.samt)),
      csvRupees(0),
      csvRupees(paise(r.txval) + paise(r.iamt) + paise(r.camt) + paise(r.samt)),
    ]),
  );
  return toCsv(HSN_SUMMARY_HEADER, rows);
}
