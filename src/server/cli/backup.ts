// `npm run db:backup [file]`: an online backup of the SQLite database, safe while the shop is running.
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { loadConfig } from '../config';
import { isPostgresUrl } from '../db/database';

const config = loadConfig();
if (isPostgresUrl(config.DATABASE_URL)) {
  console.log('This shop runs on PostgreSQL; back it up with pg_dump, for example:');
  console.log('  pg_dump --format=custom --file=gheeshop-$(date +%F).dump "$DATABASE_URL"');
  console.log('and restore with: pg_restore --clean --dbname "$DATABASE_URL" gheeshop-YYYY-MM-DD.dump');
  process.exit(0);
}
const source = config.DATABASE_URL ? path.resolve(config.DATABASE_URL.replace(/^sqlite:(\/\/)?/, '')) : path.join(config.dataDir, 'shop.db');
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const target = path.resolve(process.argv[2] ?? path.join(config.dataDir, 'backups', `shop-${stamp}.db`));
const { mkdirSync } = await import('node:fs');
mkdirSync(path.dirname(target), { recursive: true });
const db = new SqliteDatabase(source, { readonly: true, fileMustExist: true });
try {
  // SQLite's online backup API copies a consistent snapshot page by page without stopping writers.
  await db.backup(target);
  console.log(`Backed up ${source} to ${target}`);
} finally {
  db.close();
}
