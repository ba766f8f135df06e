// One of the processes of the numbering race test (numbering.test.ts): issues the invoices of the given orders,
// several at a time, each in its own transaction, against the database of the test shop.
import { openDatabase } from '../db/database';
import { issueInvoiceIfDue } from './invoice-service';

export async function issueAll(db: ReturnType<typeof openDatabase>['db'], orderRowIds: number[], parallel: number): Promise<string[]> {
  const issued: string[] = [];
  const queue = [...orderRowIds];
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
        const doc = await db.transaction().execute((trx) => issueInvoiceIfDue(trx, id));
        if (doc) issued.push(doc.number);
      }
    }),
  );
  return issued;
}

// Run as a process: ORDER_IDS=1,2,3 DATABASE_URL=… SEARCH_PATH=… node --import tsx numbering-race-worker.ts
if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop() ?? '\0')) {
  const handle = openDatabase({
    url: process.env.DATABASE_URL,
    dataDir: process.env.DATA_DIR ?? '.',
    ...(process.env.SEARCH_PATH ? { searchPath: process.env.SEARCH_PATH } : {}),
    poolSize: 8,
  });
  const ids = (process.env.ORDER_IDS ?? '').split(',').filter(Boolean).map(Number);
  const issued = await issueAll(handle.db, ids, 8);
  await handle.close();
  process.stdout.write(JSON.stringify(issued));
}
