// `npm run db:migrate`: brings the configured database's schema up to date (the server also does this at start).
import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';

const config = loadConfig();
const database = openDatabase({ url: config.DATABASE_URL, dataDir: config.dataDir });
try {
  const applied = await migrateToLatest(database);
  console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'The database schema is up to date.');
} finally {
  await database.close();
}
