// Only ordering/ writes orders, their lines, refunds and shipments. Every write found elsewhere under src/server (Kysely's
// insertInto/updateTable/deleteFrom on those tables, or raw INSERT/UPDATE/DELETE SQL naming them) fails this
// test, listed, unless the file is below with exactly that many writes and the reason it still has them.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, SERVER, sourceFiles } from './source-imports';

const TABLES = '(?:orders|order_lines|refunds|shipments|shipment_events)';
const WRITE = new RegExp(
  [
    `\\.(?:insertInto|updateTable|deleteFrom|replaceInto)\\(\\s*['"]${TABLES}['"]`,
    `\\b(?:insert\\s+into|update|delete\\s+from)\\s+"?${TABLES}"?\\b`,
  ].join('|'),
  'gi',
);

/** Writes still outside ordering, each file with its count: moving one in lowers a count here. */
const STILL_OUTSIDE: Record<string, { writes: number; why: string }> = {
  'src/server/invoicing/invoice-repository.ts': { writes: 1, why: 'the invoice number, set in the same statement batch that stores the invoice' },
  'src/server/coupons/coupon-repository.ts': { writes: 1, why: 'a no-op update that locks an unpaid order while its coupon use is given back' },
  'src/server/stock/stock-repository.ts': { writes: 2, why: "the order's bottles marked returned or taken again, once, with the stock" },
};

const ALLOWED_DIRS = ['src/server/ordering/', 'src/server/db/migrations/'];

function writesOutsideOrdering(): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const file of sourceFiles(SERVER)) {
    if (/\.test\.tsx?$/.test(file) || ALLOWED_DIRS.some((dir) => file.startsWith(dir))) continue;
    const text = readFileSync(path.join(ROOT, file), 'utf8');
    const hits = [...text.matchAll(WRITE)].map((m) => `${file}:${text.slice(0, m.index).split('\n').length}: ${m[0].replace(/\s+/g, ' ')}`);
    if (hits.length > 0) found.set(file, hits);
  }
  return found;
}

describe('architecture: who writes orders', () => {
  it('recognises a write in each form it looks for (the check itself)', () => {
    const samples = [".insertInto('orders')", '.updateTable("order_lines")', ".deleteFrom('refunds')", 'UPDATE orders SET', 'insert into order_lines (', 'delete from "refunds"'];
    for (const sample of samples) expect(sample.match(WRITE), sample).not.toBeNull();
    expect('.selectFrom(\'orders\')'.match(WRITE)).toBeNull();
    expect('update orders_by_month'.match(WRITE)).toBeNull();
  });

  it('only ordering/ writes orders, order_lines, refunds and shipments (migrations aside; the listed files at their counts)', () => {
    const unexpected: string[] = [];
    for (const [file, hits] of writesOutsideOrdering()) {
      if (STILL_OUTSIDE[file]?.writes !== hits.length) unexpected.push(...hits);
    }
    expect(unexpected).toEqual([]);
  });

  it('lists no file that no longer writes, so the list only shrinks', () => {
    const found = writesOutsideOrdering();
    const stale = Object.keys(STILL_OUTSIDE).filter((file) => found.get(file)?.length !== STILL_OUTSIDE[file]!.writes);
    expect(stale).toEqual([]);
  });
});
