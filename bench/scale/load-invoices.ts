// A month of tax documents for the scale benchmark's report row: invoices for the first `count` loaded orders (with
// a share of business buyers and other states, so every GSTR-1 section has rows) and a credit note for one in
// fifty, built by the shop's own document builders and written with the drivers while the shop is stopped.
import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';
import { documentNumber } from '../../src/domain/india/gst-tax';
import { buildCreditNoteDocument, buildInvoiceDocument, type CreditNoteDocument, type InvoiceDocument } from '../../src/domain/india/invoice-document';
import { businessSchema } from '../../src/domain/schemas/business';
import { KARNATAKA_BUSINESS } from '../../src/domain/test-business';

const BENCH_BUSINESS = businessSchema.parse(KARNATAKA_BUSINESS);
const STATES = ['Karnataka', 'Karnataka', 'Maharashtra', 'Tamil Nadu', 'Delhi'];

interface OrderSource {
  id: number;
  orderid: string;
  username: string;
  created_at: string;
  total_amount: number;
}
interface LineSource {
  order_id: number;
  name: string;
  size_ml: number;
  unit_price: number;
  item_qty: number;
}

export interface MonthOfDocuments {
  /** MMYYYY of the month the documents are dated in. */
  period: string;
  invoices: number;
  creditNotes: number;
}

/** The month before this one (shop time), whose days the documents are spread over. */
function lastMonth(): { year: number; month: number; days: number } {
  const now = new Date(Date.now() + 330 * 60_000);
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, days: new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate() };
}

function documents(orders: OrderSource[], lines: LineSource[]) {
  const { year, month, days } = lastMonth();
  const linesOf = new Map<number, LineSource[]>();
  for (const l of lines) linesOf.set(l.order_id, [...(linesOf.get(l.order_id) ?? []), l]);
  const invoices: { orderId: number; doc: InvoiceDocument }[] = [];
  const notes: { orderId: number; doc: CreditNoteDocument }[] = [];
  orders.forEach((o, i) => {
    const day = String(1 + (i % days)).padStart(2, '0');
    const at = `${year}-${String(month).padStart(2, '0')}-${day}T${String(9 + (i % 10)).padStart(2, '0')}:00:00.000+05:30`;
    const state = STATES[i % STATES.length] ?? 'Karnataka';
    const b2b = i % 7 === 0;
    const doc = buildInvoiceDocument(
      {
        orderid: o.orderid,
        orderDate: o.created_at,
        totalAmount: o.total_amount,
        buyer: {
          name: o.username, address: '12 Temple Street', district: 'Somewhere', state, pincode: '', mobilenumber: '9876543210', email: 'bench@example.in',
          ...(b2b ? { gstin: '27AAPFU0939F1ZV', businessName: 'Patil Sweets' } : {}),
        },
        lines: (linesOf.get(o.id) ?? []).map((l) => ({ name: l.name, sizeMl: l.size_ml, unitPrice: l.unit_price, itemQty: l.item_qty, hsn: '04059020', gstRate: 5 })),
      },
      BENCH_BUSINESS,
      documentNumber('GS', '90-91', i + 1),
      at,
    );
    invoices.push({ orderId: o.id, doc });
    if (i % 50 === 0 && doc.totals.grossPaise > 100) {
      notes.push({ orderId: o.id, doc: buildCreditNoteDocument(doc, 100, 'Bench refund', documentNumber('CN', '90-91', notes.length + 1), at.replace('T09', 'T20')) });
    }
  });
  return { period: `${String(month).padStart(2, '0')}${year}`, invoices, notes };
}

const invoiceRow = (x: { orderId: number; doc: InvoiceDocument }) => [x.doc.number, x.orderId, x.doc.issuedAt, x.doc.totals.grossPaise, JSON.stringify(x.doc)];
const noteRow = (x: { orderId: number; doc: CreditNoteDocument }) =>
  [x.doc.number, x.orderId, x.doc.invoiceNumber, x.doc.issuedAt, x.doc.totals.grossPaise, x.doc.reason, JSON.stringify(x.doc)];
const INVOICE_SQL = 'insert into invoices (number, order_id, issued_at, total_paise, document)';
const NOTE_SQL = 'insert into credit_notes (number, order_id, invoice_number, issued_at, amount_paise, reason, document)';

export function loadInvoicesSqlite(file: string, count: number): MonthOfDocuments {
  const db = new SqliteDatabase(file);
  try {
    const orders = db.prepare('select id, orderid, username, created_at, total_amount from orders order by id limit ?').all(count) as OrderSource[];
    const last = orders.at(-1)?.id ?? 0;
    const lines = db.prepare('select order_id, name, size_ml, unit_price, item_qty from order_lines where order_id <= ? order by order_id, position').all(last) as LineSource[];
    const { period, invoices, notes } = documents(orders, lines);
    const addInvoice = db.prepare(`${INVOICE_SQL} values (?, ?, ?, ?, ?)`);
    const addNote = db.prepare(`${NOTE_SQL} values (?, ?, ?, ?, ?, ?, ?)`);
    db.transaction(() => {
      for (const x of invoices) addInvoice.run(invoiceRow(x));
      for (const x of notes) addNote.run(noteRow(x));
    })();
    return { period, invoices: invoices.length, creditNotes: notes.length };
  } finally {
    db.close();
  }
}

export async function loadInvoicesPostgres(url: string, count: number): Promise<MonthOfDocuments> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const orders = (await client.query<OrderSource>('select id, orderid, username, created_at, total_amount from orders order by id limit $1', [count])).rows;
    const last = orders.at(-1)?.id ?? 0;
    const lines = (await client.query<LineSource>('select order_id, name, size_ml, unit_price, item_qty from order_lines where order_id <= $1 order by order_id, position', [last])).rows;
    const { period, invoices, notes } = documents(orders, lines);
    const columns = (rows: unknown[][], width: number) => Array.from({ length: width }, (_, c) => rows.map((r) => r[c]));
    await client.query('begin');
    for (let from = 0; from < invoices.length; from += 2_000) {
      const rows = invoices.slice(from, from + 2_000).map(invoiceRow);
      await client.query(`${INVOICE_SQL} select * from unnest($1::text[], $2::int4[], $3::text[], $4::int4[], $5::text[])`, columns(rows, 5));
    }
    const rows = notes.map(noteRow);
    if (rows.length > 0) {
      await client.query(`${NOTE_SQL} select * from unnest($1::text[], $2::int4[], $3::text[], $4::text[], $5::int4[], $6::text[], $7::text[])`, columns(rows, 7));
    }
    await client.query('commit');
    await client.query('vacuum analyze invoices, credit_notes');
    return { period, invoices: invoices.length, creditNotes: notes.length };
  } finally {
    await client.end();
  }
}
