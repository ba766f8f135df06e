// Starts the built shop on a fresh SQLite database for the Playwright suite.
import { rmSync, mkdirSync } from 'node:fs';

const dataDir = process.env.E2E_DATA_DIR;
if (!dataDir) throw new Error('E2E_DATA_DIR is not set');
rmSync(dataDir, { recursive: true, force: true });
mkdirSync(dataDir, { recursive: true });
const port = process.env.E2E_PORT ?? '4310';
Object.assign(process.env, {
  PORT: port,
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  ADMIN_EMAIL: 'admin@gheeshop.test',
  ADMIN_PASSWORD: 'admin-password',
  AUTH_RATE_LIMIT: '0',
  MAIL_POLL_MS: '200',
  LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
  DATABASE_URL: '',
  // Playwright's request context reuses idle keep-alive sockets without heeding the server's Keep-Alive hint, so a
  // request sent just as the shop closes a socket idle for the default 5 s fails with ECONNRESET. Browsers resend such
  // a request; Node's client does not. The suite's sockets stay open for the longest idle time the shop allows.
  KEEP_ALIVE_TIMEOUT_MS: '72000',
});
await import('../dist/server/main.js');
