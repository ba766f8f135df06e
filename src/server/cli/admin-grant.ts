// `npm run admin:grant -- email@x.in [--revoke]`: grants (or revokes) ADMIN from the command line.
import { runAdminGrant } from '../accounts/admin-grant-command';
import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';

const config = loadConfig();
const database = openDatabase({ url: config.DATABASE_URL, dataDir: config.dataDir });
try {
  await migrateToLatest(database);
  const result = await runAdminGrant({ db: database.db, dialect: database.dialect, config }, process.argv.slice(2));
  (result.exitCode === 0 ? console.log : console.error)(result.message);
  process.exitCode = result.exitCode;
} finally {
  await database.close();
}
