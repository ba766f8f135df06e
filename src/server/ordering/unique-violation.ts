/**
 * True when a database refused a row because of a unique constraint, on SQLite and PostgreSQL alike.
 * `names` narrows it to one constraint: PostgreSQL reports the constraint name, SQLite the columns
 * ("UNIQUE constraint failed: orders.user_id, orders.receipt"), so pass both.
 */
export function isUniqueViolation(error: unknown, names: readonly string[] = []): boolean {
  const e = error as { code?: unknown; constraint?: unknown; message?: unknown } | null;
  if (!e) return false;
  if (e.code === '23505') return names.length === 0 || names.includes(String(e.constraint));
  if (e.code === 'SQLITE_CONSTRAINT_UNIQUE' || e.code === 'SQLITE_CONSTRAINT_PRIMARYKEY') {
    const message = String(e.message);
    return names.length === 0 || names.some((n) => message.includes(n));
  }
  return false;
}

export const ORDER_RECEIPT_UNIQUE = ['orders_user_receipt_uq', 'orders.user_id, orders.receipt'] as const;
