/**
 * What the failed-login count is kept under: the address plus when the account's password last changed, so a reset
 * starts the count afresh (the old count runs out unseen). An unknown address has no password change.
 */
export function accountLockKey(email: string, passwordChangedAt: string | null | undefined): string {
  return `${email}|${passwordChangedAt ?? ''}`;
}
