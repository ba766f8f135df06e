// Shared by the reports tests: what a return reports in total, and CSV read by a parser that is not ours.
import { execFileSync } from 'node:child_process';
import type { CreditNoteDocument, InvoiceDocument } from '../../domain/india/invoice-document';
import type { Gstr1 } from './gstr1';

export type Sums = { txval: number; iamt: number; camt: number; samt: number };
type Item = { itm_det: { txval: number; iamt?: number; camt?: number; samt?: number } };

export const paise = (r: number | undefined) => Math.round((r ?? 0) * 100);
export const sumItems = (items: readonly Item[]): Sums =>
  items.reduce(
    (s, { itm_det: d }) => ({ txval: s.txval + paise(d.txval), iamt: s.iamt + paise(d.iamt), camt: s.camt + paise(d.camt), samt: s.samt + paise(d.samt) }),
    { txval: 0, iamt: 0, camt: 0, samt: 0 },
  );
export const docSums = (docs: readonly (InvoiceDocument | CreditNoteDocument)[]): Sums =>
  docs.reduce(
    (s, d) => ({ txval: s.txval + d.totals.taxablePaise, iamt: s.iamt + d.totals.igstPaise, camt: s.camt + d.totals.cgstPaise, samt: s.samt + d.totals.sgstPaise }),
    { txval: 0, iamt: 0, camt: 0, samt: 0 },
  );
export const minus = (a: Sums, b: Sums): Sums => ({ txval: a.txval - b.txval, iamt: a.iamt - b.iamt, camt: a.camt - b.camt, samt: a.samt - b.samt });
export const plus = (a: Sums, b: Sums): Sums => ({ txval: a.txval + b.txval, iamt: a.iamt + b.iamt, camt: a.camt + b.camt, samt: a.samt + b.samt });

/** The totals of a return's sections, in paise: supplies (B2B, B2CL, B2CS net), credit notes filed one by one, HSN. */
export function reported(g: Gstr1): { sales: Sums; credits: Sums; hsn: Sums } {
  const b2b = g.b2b.flatMap((c) => c.inv.flatMap((i) => i.itms));
  const b2cl = g.b2cl.flatMap((p) => p.inv.flatMap((i) => i.itms));
  const b2cs = g.b2cs.map((r) => ({ itm_det: r }));
  const cdn = [...g.cdnr.flatMap((c) => c.nt.flatMap((n) => n.itms)), ...g.cdnur.flatMap((n) => n.itms)];
  const hsn = [...g.hsn.hsn_b2b, ...g.hsn.hsn_b2c].map((r) => ({ itm_det: r }));
  return { sales: sumItems([...b2b, ...b2cl, ...b2cs]), credits: sumItems(cdn), hsn: sumItems(hsn) };
}

/** CSV text as rows of fields, read by Python's csv module in strict mode (an RFC 4180 reader we did not write). */
export function parseCsv(text: string): string[][] {
  const script = 'import csv,json,sys\nprint(json.dumps(list(csv.reader(sys.stdin, strict=True))))';
  const out = execFileSync('python3', ['-c', script], { input: text, encoding: 'utf8' });
  return JSON.parse(out) as string[][];
}
