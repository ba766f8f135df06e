import type { Dialect, Executor } from '../db/database';
import { withLinesForAdmin } from '../orders/order-repository';
import { exportBatch, type ExportCursor, type OrderExportFilters } from './orders-export-repository';
import { csvRow } from '../http/csv';
import { ORDER_CSV_HEADER, orderCsvCells } from './orders-csv';

export const EXPORT_BATCH_SIZE = 500;

/**
 * The filtered orders as CSV text, produced batch by batch so memory stays flat for any number of
 * orders. Starts with a byte-order mark so spreadsheet apps read names in UTF-8.
 */
export async function* ordersCsv(
  db: Executor,
  dialect: Dialect,
  filters: OrderExportFilters,
  batchSize = EXPORT_BATCH_SIZE,
): AsyncGenerator<string> {
  yield '\uFEFF' + csvRow(ORDER_CSV_HEADER);
  let cursor: ExportCursor | null = null;
  for (;;) {
    const rows = await exportBatch(db, dialect, filters, cursor, batchSize);
    if (rows.length === 0) return;
    const orders = await withLinesForAdmin(db, rows);
    yield orders.map((o) => csvRow(orderCsvCells(o))).join('');
    const last = rows[rows.length - 1];
    if (!last || rows.length < batchSize) return;
    cursor = { createdAt: last.created_at, id: last.id };
  }
}
