// GSTR-1 in the GST offline tool's JSON shape (docs/decisions/060), built from stored documents only: pure
// functions of the invoices and credit notes of the period, so a past month's return never changes.
import { isNilRated } from '../../domain/india/gst-tax';
import type { CreditNoteDocument, InvoiceDocument, InvoiceLine } from '../../domain/india/invoice-document';

/** B2C inter-state invoices above this value are reported one by one (`b2cl`), Rs. 1,00,000 in paise. */
export const B2CL_THRESHOLD_PAISE = 100_000 * 100;

export interface StoredCreditNote {
  doc: CreditNoteDocument;
  /** Value of the invoice it is against (its grossPaise), which decides where a B2C note goes. */
  invoiceValuePaise: number;
  /** Its refund failed at the gateway, so it credits nothing: reported as a cancelled document only. */
  voided?: boolean;
}

export type Section = 'B2B' | 'B2CL' | 'B2CS';

/** Where an invoice (or a note against it) belongs in GSTR-1. */
export function sectionOf(doc: InvoiceDocument | CreditNoteDocument, invoiceValuePaise: number): Section {
  if (doc.buyer.gstin) return 'B2B';
  return doc.interState && invoiceValuePaise > B2CL_THRESHOLD_PAISE ? 'B2CL' : 'B2CS';
}

/** A document that belongs in GSTR-1: issued by a registered seller (a bill of supply is not reported). */
export function isTaxDocument(doc: InvoiceDocument | CreditNoteDocument): boolean {
  return doc.seller.gstin !== '';
}

// Nil-rated lines are reported in table 8 (`nil`), so an invoice of nil-rated goods alone is in no taxable table.
const taxedLines = (doc: InvoiceDocument | CreditNoteDocument) => doc.lines.filter((line) => !isNilRated(line));
const hasTaxedLines = (doc: InvoiceDocument | CreditNoteDocument) => doc.lines.some((line) => !isNilRated(line));

/** Paise as rupees, a number with at most two decimals. */
export const rupees = (paise: number): number => Math.round(paise) / 100;

/** "2026-11-26T…+05:30" (shop time) → "26-11-2026". */
export const portalDate = (iso: string): string => `${iso.slice(8, 10)}-${iso.slice(5, 7)}-${iso.slice(0, 4)}`;

interface Amounts {
  txval: number;
  iamt: number;
  camt: number;
  samt: number;
  qty: number;
}
const zero = (): Amounts => ({ txval: 0, iamt: 0, camt: 0, samt: 0, qty: 0 });

function add(into: Amounts, line: InvoiceLine, sign: 1 | -1): void {
  into.txval += sign * line.taxablePaise;
  into.iamt += sign * line.igstPaise;
  into.camt += sign * line.cgstPaise;
  into.samt += sign * line.sgstPaise;
  // Goods are counted in NOS; fees and discounts (OTH) and refunds of value (no unit) move no goods.
  if (line.unit === 'NOS') into.qty += sign * line.quantity;
}

/** Tax amounts as the portal lists them: IGST alone inter-state, CGST and SGST alone intra-state. */
function taxFields(a: Amounts, interState: boolean) {
  return interState
    ? { iamt: rupees(a.iamt), csamt: 0 }
    : { camt: rupees(a.camt), samt: rupees(a.samt), csamt: 0 };
}

function byRate(lines: readonly InvoiceLine[], interState: boolean) {
  const rates = new Map<number, Amounts>();
  for (const line of lines) {
    const a = rates.get(line.rate) ?? zero();
    add(a, line, 1);
    rates.set(line.rate, a);
  }
  return [...rates.entries()]
    .sort(([x], [y]) => x - y)
    .map(([rt, a], i) => ({ num: i + 1, itm_det: { rt, txval: rupees(a.txval), ...taxFields(a, interState) } }));
}

const invoiceEntry = (doc: InvoiceDocument) => ({
  inum: doc.number,
  idt: portalDate(doc.issuedAt),
  val: rupees(doc.totals.grossPaise),
  pos: doc.placeOfSupply.stateCode,
});

const noteEntry = (note: CreditNoteDocument) => ({
  ntty: 'C' as const,
  nt_num: note.number,
  nt_dt: portalDate(note.issuedAt),
  pos: note.placeOfSupply.stateCode,
  val: rupees(note.totals.grossPaise),
});

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = groups.get(k);
    if (list) list.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}

const byNumber = (a: { number: string }, b: { number: string }) => (a.number < b.number ? -1 : a.number > b.number ? 1 : 0);

/** B2C supplies summed by place of supply and rate; notes against B2CS invoices reduce them. */
function b2csRows(invoices: readonly InvoiceDocument[], notes: readonly CreditNoteDocument[]) {
  const rows = new Map<string, { pos: string; rate: number; interState: boolean; a: Amounts }>();
  const take = (doc: InvoiceDocument | CreditNoteDocument, sign: 1 | -1) => {
    for (const line of taxedLines(doc)) {
      const key = `${doc.placeOfSupply.stateCode}|${line.rate}|${doc.interState}`;
      const row = rows.get(key) ?? { pos: doc.placeOfSupply.stateCode, rate: line.rate, interState: doc.interState, a: zero() };
      add(row.a, line, sign);
      rows.set(key, row);
    }
  };
  invoices.forEach((d) => take(d, 1));
  notes.forEach((d) => take(d, -1));
  return [...rows.values()]
    .filter((r) => r.a.txval !== 0 || r.a.iamt !== 0 || r.a.camt !== 0 || r.a.samt !== 0)
    .sort((x, y) => x.pos.localeCompare(y.pos) || x.rate - y.rate || Number(x.interState) - Number(y.interState))
    .map((r) => ({
      sply_ty: r.interState ? ('INTER' as const) : ('INTRA' as const),
      pos: r.pos,
      typ: 'OE' as const,
      rt: r.rate,
      txval: rupees(r.a.txval),
      ...taxFields(r.a, r.interState),
    }));
}

/** Table 8's four kinds of supply: inter- or intra-state ("INTR" or "INTRA"), to a registered buyer or not. */
type NilSupply = 'INTRB2B' | 'INTRAB2B' | 'INTRB2C' | 'INTRAB2C';

/** Nil-rated supplies summed by kind; credit notes against them subtract, and kinds that net to zero are left out. */
function nilRows(invoices: readonly InvoiceDocument[], notes: readonly CreditNoteDocument[]) {
  const sums = new Map<NilSupply, number>();
  const take = (doc: InvoiceDocument | CreditNoteDocument, sign: 1 | -1) => {
    const kind: NilSupply = `${doc.interState ? 'INTR' : 'INTRA'}${doc.buyer.gstin ? 'B2B' : 'B2C'}`;
    for (const line of doc.lines) if (isNilRated(line)) sums.set(kind, (sums.get(kind) ?? 0) + sign * line.taxablePaise);
  };
  invoices.forEach((d) => take(d, 1));
  notes.forEach((d) => take(d, -1));
  const order: NilSupply[] = ['INTRB2B', 'INTRAB2B', 'INTRB2C', 'INTRAB2C'];
  return order
    .filter((kind) => (sums.get(kind) ?? 0) !== 0)
    .map((kind) => ({ sply_ty: kind, nil_amt: rupees(sums.get(kind) ?? 0), expt_amt: 0, ngsup_amt: 0 }));
}

/** HSN summary rows (by HSN and rate): invoices add, credit notes subtract. */
export function hsnRows(invoices: readonly InvoiceDocument[], notes: readonly CreditNoteDocument[]) {
  const rows = new Map<string, { hsn: string; rate: number; a: Amounts }>();
  const take = (doc: InvoiceDocument | CreditNoteDocument, sign: 1 | -1) => {
    for (const line of doc.lines) {
      const key = `${line.hsn}|${line.rate}`;
      const row = rows.get(key) ?? { hsn: line.hsn, rate: line.rate, a: zero() };
      add(row.a, line, sign);
      rows.set(key, row);
    }
  };
  invoices.forEach((d) => take(d, 1));
  notes.forEach((d) => take(d, -1));
  return [...rows.values()]
    .sort((x, y) => x.hsn.localeCompare(y.hsn) || x.rate - y.rate)
    .map((r, i) => ({
      num: i + 1,
      hsn_sc: r.hsn,
      uqc: 'NOS' as const,
      qty: r.a.qty,
      rt: r.rate,
      txval: rupees(r.a.txval),
      iamt: rupees(r.a.iamt),
      camt: rupees(r.a.camt),
      samt: rupees(r.a.samt),
      csamt: 0,
    }));
}

/** One series of documents (GS/26-27, CN/26-27): first and last number and how many were issued. */
function seriesDocs(numbers: readonly string[], cancelled: ReadonlySet<string> = new Set()) {
  const series = groupBy([...numbers].sort(), (n) => n.slice(0, n.lastIndexOf('/')));
  return [...series.values()].map((list, i) => ({
    num: i + 1,
    from: list[0] ?? '',
    to: list[list.length - 1] ?? '',
    totnum: list.length,
    // Numbers are never burnt; only a credit note whose refund failed is cancelled (voided, keeping its number).
    cancel: list.filter((n) => cancelled.has(n)).length,
    net_issue: list.filter((n) => !cancelled.has(n)).length,
  }));
}

export interface Gstr1Input {
  gstin: string;
  /** MMYYYY of the return (a quarter's return: its last month). */
  fp: string;
  invoices: readonly InvoiceDocument[];
  creditNotes: readonly StoredCreditNote[];
}

/**
 * Which GSTR-1 table each of the period's documents goes to: the one classification both the return and the Tax
 * reports screen's counts are made from, so the two cannot disagree. Taxable tables hold documents with taxed lines;
 * the HSN summary keeps every document of its side.
 */
export function gstr1Tables(input: Pick<Gstr1Input, 'invoices' | 'creditNotes'>) {
  const invoices = input.invoices.filter(isTaxDocument).sort(byNumber);
  const taxNotes = input.creditNotes.filter((n) => isTaxDocument(n.doc)).sort((a, b) => byNumber(a.doc, b.doc));
  const notes = taxNotes.filter((n) => !n.voided);
  const invoicesIn = (section: Section) => invoices.filter((d) => sectionOf(d, d.totals.grossPaise) === section);
  const notesIn = (section: Section) => notes.filter((n) => sectionOf(n.doc, n.invoiceValuePaise) === section).map((n) => n.doc);
  const b2bInvoices = invoicesIn('B2B');
  const b2bNotes = notesIn('B2B');
  const b2csNotes = notesIn('B2CS');
  const b2clNotes = notesIn('B2CL');
  return {
    invoices,
    taxNotes,
    /** Notes that credit something (a voided note is reported in `doc_issue` only). */
    notes: notes.map((n) => n.doc),
    voided: new Set(taxNotes.filter((n) => n.voided).map((n) => n.doc.number)),
    b2b: b2bInvoices.filter(hasTaxedLines),
    b2cl: invoicesIn('B2CL').filter(hasTaxedLines),
    b2cs: invoicesIn('B2CS').filter(hasTaxedLines),
    cdnr: b2bNotes.filter(hasTaxedLines),
    cdnur: b2clNotes.filter(hasTaxedLines),
    b2csNotes: b2csNotes.filter(hasTaxedLines),
    nilRated: invoices.filter((d) => d.lines.some(isNilRated)),
    hsnB2b: { invoices: b2bInvoices, notes: b2bNotes },
    hsnB2c: {
      invoices: invoices.filter((d) => sectionOf(d, d.totals.grossPaise) !== 'B2B'),
      notes: notes.filter((n) => sectionOf(n.doc, n.invoiceValuePaise) !== 'B2B').map((n) => n.doc),
    },
  };
}

/** The GSTR-1 of the period's documents. Bills of supply and notes against them are left out. */
export function buildGstr1(input: Gstr1Input) {
  const t = gstr1Tables(input);
  const b2b = [...groupBy(t.b2b, (d) => d.buyer.gstin ?? '').entries()]
    .sort(([x], [y]) => x.localeCompare(y))
    .map(([ctin, docs]) => ({
      ctin,
      inv: docs.map((d) => ({ ...invoiceEntry(d), rchrg: 'N' as const, inv_typ: 'R' as const, itms: byRate(taxedLines(d), d.interState) })),
    }));

  const b2cl = [...groupBy(t.b2cl, (d) => d.placeOfSupply.stateCode).entries()]
    .sort(([x], [y]) => x.localeCompare(y))
    .map(([pos, docs]) => ({
      pos,
      inv: docs.map((d) => ({ inum: d.number, idt: portalDate(d.issuedAt), val: rupees(d.totals.grossPaise), itms: byRate(taxedLines(d), true) })),
    }));

  const cdnr = [...groupBy(t.cdnr, (d) => d.buyer.gstin ?? '').entries()]
    .sort(([x], [y]) => x.localeCompare(y))
    .map(([ctin, docs]) => ({
      ctin,
      nt: docs.map((d) => ({ ...noteEntry(d), rchrg: 'N' as const, inv_typ: 'R' as const, itms: byRate(taxedLines(d), d.interState) })),
    }));

  const cdnur = t.cdnur.map((d) => ({ ...noteEntry(d), typ: 'B2CL' as const, itms: byRate(taxedLines(d), true) }));

  const docDet = [
    { doc_num: 1, doc_typ: 'Invoices for outward supply', docs: seriesDocs(t.invoices.map((d) => d.number)) },
    { doc_num: 5, doc_typ: 'Credit Note', docs: seriesDocs(t.taxNotes.map((n) => n.doc.number), t.voided) },
  ].filter((d) => d.docs.length > 0);

  const nil = nilRows(t.invoices, t.notes);
  return {
    gstin: input.gstin,
    fp: input.fp,
    version: GSTR1_VERSION,
    hash: 'hash',
    b2b,
    b2cl,
    b2cs: b2csRows(t.b2cs, t.b2csNotes),
    cdnr,
    cdnur,
    // Left out when nothing was nil-rated, so a shop of taxed goods files what it always filed.
    ...(nil.length > 0 ? { nil: { inv: nil } } : {}),
    hsn: { hsn_b2b: hsnRows(t.hsnB2b.invoices, t.hsnB2b.notes), hsn_b2c: hsnRows(t.hsnB2c.invoices, t.hsnB2c.notes) },
    doc_issue: { doc_det: docDet },
  };
}

/** The offline tool's schema version the shape follows (docs/decisions/060). */
export const GSTR1_VERSION = 'GST3.1.6';

export type Gstr1 = ReturnType<typeof buildGstr1>;
