/**
 * Whether an error means the database cannot be reached right now (restarting, failing over, busy), as opposed to
 * a bug in a query. Such a request may simply be tried again, so it is answered 503, not 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const e = error as { code?: unknown; message?: unknown } | null;
  const code = typeof e?.code === 'string' ? e.code : '';
  const message = typeof e?.message === 'string' ? e.message : '';
  // PostgreSQL: class 08 connection exceptions, 57P01-57P03 shutdown / cannot connect now.
  if (/^08[0-9A-Z]{3}$/.test(code) || /^57P0[123]$/.test(code)) return true;
  if (['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'SQLITE_BUSY'].includes(code)) return true;
  // node-postgres reports a dropped or refused connection by message only.
  return /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(message);
}

export const DATABASE_UNAVAILABLE_MESSAGE =
  'The shop cannot reach its database for a moment. Please try again in a few seconds.';
