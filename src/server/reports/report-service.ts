import type { CreditNoteDocument, InvoiceDocument } from '../../domain/india/invoice-document';
import type { DocumentTotals, TaxReportSummary } from '../../domain/schemas/tax-reports';
import { sumSplits } from '../../domain/india/gst-tax';
import { getBusiness } from '../business/business-repository';
import type { Executor } from '../db/database';
import { HttpError } from '../http/errors';
import { buildGstr1, gstr1Tables, isTaxDocument, type Gstr1, type StoredCreditNote } from './gstr1';
import { dayAfter, hsnSummaryCsv, salesRegisterCsv, type ReportPeriod } from './registers';
import { creditNotesIssuedBetween, invoicesIssuedBetween } from './report-repository';

export const notRegistered = () =>
  new HttpError(
    409,
    'NOT_GST_REGISTERED',
    'This shop has no GSTIN in its business details, so it issues bills of supply and files no GSTR-1. The sales register lists every sale.',
  );

interface PeriodDocuments {
  invoices: InvoiceDocument[];
  creditNotes: StoredCreditNote[];
}

async function documentsOf(db: Executor, period: ReportPeriod): Promise<PeriodDocuments> {
  const before = dayAfter(period.to);
  const [invoices, creditNotes] = await Promise.all([
    invoicesIssuedBetween(db, period.from, before),
    creditNotesIssuedBetween(db, period.from, before),
  ]);
  return { invoices, creditNotes };
}

/**
 * The GSTIN the period's documents were issued under (the latest of them); a period without any tax document
 * takes today's from the business details, since there is nothing in it a later change could alter.
 */
async function gstinOf(db: Executor, docs: PeriodDocuments): Promise<string> {
  const issued = [...docs.invoices, ...docs.creditNotes.map((n) => n.doc)].filter(isTaxDocument);
  const latest = issued.sort((a, b) => a.issuedAt.localeCompare(b.issuedAt)).at(-1);
  return latest ? latest.seller.gstin : (await getBusiness(db)).gstin;
}

export async function gstr1Report(db: Executor, period: ReportPeriod): Promise<Gstr1> {
  const docs = await documentsOf(db, period);
  const gstin = await gstinOf(db, docs);
  if (!gstin) throw notRegistered();
  return buildGstr1({ gstin, fp: period.fp, ...docs });
}

export async function hsnSummary(db: Executor, period: ReportPeriod): Promise<string> {
  const docs = await documentsOf(db, period);
  if (!(await gstinOf(db, docs))) throw notRegistered();
  return hsnSummaryCsv(docs.invoices, docs.creditNotes.filter((n) => !n.voided));
}

export async function salesRegister(db: Executor, period: ReportPeriod): Promise<string> {
  const docs = await documentsOf(db, period);
  return salesRegisterCsv(docs.invoices, docs.creditNotes.filter((n) => !n.voided).map((n) => n.doc));
}

function totalsOf(docs: readonly (InvoiceDocument | CreditNoteDocument)[]): DocumentTotals {
  const split = sumSplits(docs.map((d) => d.totals));
  const gross = docs.reduce((sum, d) => sum + d.totals.grossPaise, 0);
  return { count: docs.length, taxable: split.taxablePaise / 100, cgst: split.cgstPaise / 100, sgst: split.sgstPaise / 100, igst: split.igstPaise / 100, total: gross / 100 };
}

/** What the Tax reports screen shows for a period: the documents' totals and where GSTR-1 files them. */
export async function periodSummary(db: Executor, period: ReportPeriod): Promise<TaxReportSummary> {
  const docs = await documentsOf(db, period);
  const gstin = await gstinOf(db, docs);
  const tables = gstr1Tables(docs);
  return {
    period: { fp: period.fp, from: period.from, to: period.to, quarter: period.quarter },
    registered: gstin !== '',
    gstin,
    invoices: totalsOf(docs.invoices),
    creditNotes: totalsOf(docs.creditNotes.filter((n) => !n.voided).map((n) => n.doc)),
    billsOfSupply: docs.invoices.filter((d) => !isTaxDocument(d)).length,
    sections: {
      b2b: tables.b2b.length,
      b2cl: tables.b2cl.length,
      b2cs: tables.b2cs.length,
      cdnr: tables.cdnr.length,
      cdnur: tables.cdnur.length,
      b2csNotes: tables.b2csNotes.length,
      nilRated: tables.nilRated.length,
    },
  };
}
