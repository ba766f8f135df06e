// `npm run admin:password -- email@x.in`: sets and prints a new generated password for an admin.
import { runAdminPassword } from '../accounts/admin-password-command';
import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';

const config = loadConfig();
const database = openDatabase({ url: config.DATABASE_URL, dataDir: config.dataDir });
try {
  await migrateToLatest(database);
  const result = await runAdminPassword({ db: database.db }, process.argv.slice(2));
  (result.exitCode === 0 ? console.log : console.error)(result.message);
  process.exitCode = result.exitCode;
} finally {
  await database.close();
}
