import { Fragment, useId, useState } from 'react';
import { toast } from 'react-toastify';
import { CURRENCY_SYMBOL } from '../../../../domain/constants';
import { shopTimestamp } from '../../../../domain/display';
import { formatPaise } from '../../../../domain/india/gst-tax';
import type { DocumentTotals, TaxReportSummary } from '../../../../domain/schemas/tax-reports';
import { BusyButton } from '../../../components/busy-button';
import { LoadError } from '../../../components/load-error';
import { downloadGstr1, downloadHsnSummary, downloadSalesRegister, useTaxSummary, type ReportChoice } from '../api/reports-api';
import { LoadingDots } from '../ui/loading-dots';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const money = (rupees: number) => `${rupees < 0 ? '−' : ''}${CURRENCY_SYMBOL} ${formatPaise(Math.abs(Math.round(rupees * 100)))}`;

/** "2026-11" of today in shop time (IST). */
const thisMonth = () => shopTimestamp().slice(0, 7);

/** The last eight quarters, newest first, each named by its last month as a quarterly return is. */
function recentQuarters(): { value: string; label: string }[] {
  const [year, month] = thisMonth().split('-').map(Number) as [number, number];
  let last = Math.ceil(month / 3) * 3;
  let y = year;
  const list: { value: string; label: string }[] = [];
  for (let i = 0; i < 8; i += 1) {
    list.push({ value: `${String(last).padStart(2, '0')}${y}`, label: `${MONTHS[last - 3]}–${MONTHS[last - 1]} ${y}` });
    last -= 3;
    if (last <= 0) {
      last += 12;
      y -= 1;
    }
  }
  return list;
}

// The picker offers no month after this one, but a month can still be typed; one not started yet has no return.
const latest = (month: string) => (month > thisMonth() ? thisMonth() : month);

const toPeriod = (month: string) => `${month.slice(5, 7)}${month.slice(0, 4)}`;

function TotalsRow({ label, t, sign = 1, counted = true }: { label: string; t: DocumentTotals; sign?: 1 | -1; counted?: boolean }) {
  const show = (n: number) => money(sign * n);
  return (
    <tr>
      <th scope="row">{label}</th>
      <td className="text-end">{counted ? t.count : ''}</td>
      <td className="text-end">{show(t.taxable)}</td>
      <td className="text-end">{show(t.cgst)}</td>
      <td className="text-end">{show(t.sgst)}</td>
      <td className="text-end">{show(t.igst)}</td>
      <td className="text-end">{show(t.total)}</td>
    </tr>
  );
}

/** The same figures as the table, one card per row, for a phone's width. */
function TotalsCard({ label, t, sign = 1, counted = true }: { label: string; t: DocumentTotals; sign?: 1 | -1; counted?: boolean }) {
  const rows: [string, number][] = [['Taxable value', t.taxable], ['CGST', t.cgst], ['SGST', t.sgst], ['IGST', t.igst], ['Total', t.total]];
  return (
    <div className="border rounded p-2 mb-2">
      <p className="fw-semibold mb-1">{counted ? `${label}: ${t.count}` : label}</p>
      <dl className="row small mb-0">
        {rows.map(([name, value]) => (
          <div key={name} className="col-12 col-sm-6 d-flex justify-content-between gap-2">
            <dt className="fw-normal">{name}</dt>
            <dd className="mb-0 text-end text-nowrap">{money(sign * value)}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

const net = (a: DocumentTotals, b: DocumentTotals): DocumentTotals => {
  const minus = (x: number, y: number) => Math.round((x - y) * 100) / 100;
  return { count: a.count + b.count, taxable: minus(a.taxable, b.taxable), cgst: minus(a.cgst, b.cgst), sgst: minus(a.sgst, b.sgst), igst: minus(a.igst, b.igst), total: minus(a.total, b.total) };
};

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** Where GSTR-1 files the period's documents, in plain words. */
function WhatGoesWhere({ s }: { s: TaxReportSummary }) {
  const x = s.sections;
  return (
    <ul className="small mb-0 ps-3">
      <li><strong>B2B</strong> (table 4): {plural(x.b2b, 'invoice')} to buyers who gave their GSTIN, one by one under each GSTIN.</li>
      <li><strong>B2C large</strong> (table 5): {plural(x.b2cl, 'invoice')} to another state above Rs. 1,00,000 without a GSTIN, one by one.</li>
      <li>
        <strong>B2C small</strong> (table 7): the other {plural(x.b2cs, 'invoice')}, added up by state and tax rate
        {x.b2csNotes > 0 ? `; ${plural(x.b2csNotes, 'credit note')} against them ${x.b2csNotes === 1 ? 'is' : 'are'} taken off there` : ''}.
      </li>
      <li><strong>Credit notes</strong> (table 9B): {plural(x.cdnr, 'note')} against B2B invoices, {plural(x.cdnur, 'note')} against large B2C invoices.</li>
      {x.nilRated > 0 ? (
        <li>
          <strong>Nil rated</strong> (table 8): the goods at 0% GST of {plural(x.nilRated, 'invoice')}, added up by whether they went to
          another state and to a buyer with a GSTIN; they are left out of the tables above. The sales register names such
          an invoice as it is printed: a bill of supply (0% goods alone) or an invoice-cum-bill of supply.
        </li>
      ) : null}
      <li><strong>HSN summary</strong> (table 12, B2B and B2C apart) and <strong>documents issued</strong> (table 13) cover the whole period.</li>
      {s.billsOfSupply > 0 ? <li>{plural(s.billsOfSupply, 'bill of supply', 'bills of supply')}, issued before the shop had a GSTIN, are in the sales register only.</li> : null}
    </ul>
  );
}

/** Admin → Tax reports: a month or a quarter, its totals, and the three files for the accountant (DESIGN.md §8.3). */
export function TaxReportsTab({ active }: { active: boolean }) {
  const id = useId();
  const quarters = recentQuarters();
  const [mode, setMode] = useState<'month' | 'quarter'>('month');
  const [month, setMonth] = useState(thisMonth);
  const [quarter, setQuarter] = useState(quarters[0]?.value ?? '');
  const [busy, setBusy] = useState<string | null>(null);
  const choice: ReportChoice = mode === 'month' ? { period: toPeriod(month), quarter: false } : { period: quarter, quarter: true };
  const summary = useTaxSummary(choice, active && /^\d{6}$/.test(choice.period));

  async function download(name: string, run: () => Promise<void>) {
    setBusy(name);
    try {
      await run();
    } catch (err) {
      toast.error(err instanceof Error ? `Download failed: ${err.message}` : 'Download failed. Please try again.');
    } finally {
      setBusy(null);
    }
  }

  const s = summary.data;
  return (
    <div className="tax-reports">
      <div className="detail-card mb-3">
        <fieldset className="d-flex flex-wrap align-items-end gap-3 mb-0">
          <legend className="form-label small fw-semibold mb-1">Period</legend>
          <div className="btn-group" role="group" aria-label="Month or quarter">
            {(['month', 'quarter'] as const).map((m) => (
              <Fragment key={m}>
                <input type="radio" className="btn-check" id={`${id}-mode-${m}`} name={`${id}-mode`} value={m} checked={mode === m} onChange={() => setMode(m)} />
                <label className="btn btn-sm btn-outline-dark" htmlFor={`${id}-mode-${m}`}>{m === 'month' ? 'Month' : 'Quarter'}</label>
              </Fragment>
            ))}
          </div>
          {mode === 'month' ? (
            <div>
              <label htmlFor={`${id}-month`} className="visually-hidden">Report month</label>
              <input id={`${id}-month`} type="month" className="form-control form-control-sm" value={month} max={thisMonth()} required onChange={(e) => e.target.value && setMonth(latest(e.target.value))} />
            </div>
          ) : (
            <div>
              <label htmlFor={`${id}-quarter`} className="visually-hidden">Report quarter</label>
              <select id={`${id}-quarter`} className="form-select form-select-sm" value={quarter} onChange={(e) => setQuarter(e.target.value)}>
                {quarters.map((q) => <option key={q.value} value={q.value}>{q.label}</option>)}
              </select>
            </div>
          )}
        </fieldset>
      </div>

      {summary.isPending ? <LoadingDots label="Loading the period's totals" /> : null}
      {summary.isError ? <LoadError onRetry={() => void summary.refetch()}>The totals could not be loaded: {summary.error.message}</LoadError> : null}
      {s ? (
        <>
          <div className="detail-card mb-3">
            <h3 className="detail-heading">Totals from {s.period.from} to {s.period.to}</h3>
            <div className="d-md-none mb-2">
              <TotalsCard label="Invoices" t={s.invoices} />
              <TotalsCard label="Credit notes" t={s.creditNotes} sign={-1} />
              <TotalsCard label="Net" t={net(s.invoices, s.creditNotes)} counted={false} />
            </div>
            <div className="table-responsive d-none d-md-block">
              <table className="table table-sm small mb-2">
                <caption className="visually-hidden">Invoices and credit notes of the period</caption>
                <thead>
                  <tr>
                    <th scope="col">Documents</th><th scope="col" className="text-end">Count</th><th scope="col" className="text-end">Taxable value</th>
                    <th scope="col" className="text-end">CGST</th><th scope="col" className="text-end">SGST</th><th scope="col" className="text-end">IGST</th><th scope="col" className="text-end">Total</th>
                  </tr>
                </thead>
                <tbody>
                  <TotalsRow label="Invoices" t={s.invoices} />
                  <TotalsRow label="Credit notes" t={s.creditNotes} sign={-1} />
                </tbody>
                <tfoot>
                  <TotalsRow label="Net" t={net(s.invoices, s.creditNotes)} counted={false} />
                </tfoot>
              </table>
            </div>
            {s.registered ? (
              <>
                <p className="small fw-semibold mb-1">What goes where in GSTR-1 (GSTIN {s.gstin})</p>
                <WhatGoesWhere s={s} />
              </>
            ) : (
              <p className="alert alert-info small mb-0" role="status">
                This shop has no GSTIN in its business details, so its invoices are bills of supply and it files no GSTR-1 or HSN
                summary. The sales register lists every sale. Add the GSTIN under Settings once the shop is registered.
              </p>
            )}
          </div>
          <div className="detail-card">
            <h3 className="detail-heading">Downloads</h3>
            <div className="d-flex flex-wrap gap-2">
              {s.registered ? (
                <BusyButton type="button" className="btn btn-sm btn-dark" busy={busy === 'gstr1'} disabled={busy !== null} onClick={() => void download('gstr1', () => downloadGstr1(choice))}>
                  GSTR-1 (JSON)
                </BusyButton>
              ) : null}
              <BusyButton type="button" className="btn btn-sm btn-outline-dark" busy={busy === 'register'} disabled={busy !== null} onClick={() => void download('register', () => downloadSalesRegister(s.period.from, s.period.to))}>
                Sales register (CSV)
              </BusyButton>
              {s.registered ? (
                <BusyButton type="button" className="btn btn-sm btn-outline-dark" busy={busy === 'hsn'} disabled={busy !== null} onClick={() => void download('hsn', () => downloadHsnSummary(choice))}>
                  HSN summary (CSV)
                </BusyButton>
              ) : null}
            </div>
            <p className="small text-muted-strong mt-2 mb-0">
              {s.registered ? 'Upload the GSTR-1 file on the GST portal (GSTR-1, prepare offline) or hand it to your accountant. ' : ''}
              Reports are made from the invoices and credit notes as issued, so a past month never changes. Days run midnight to midnight India time.
            </p>
          </div>
        </>
      ) : null}
    </div>
  );
}
