import { COMMON_PASSWORDS_TEXT } from './common-passwords';

// Built on first use: the set costs a few hundred kilobytes, and most pages never check a new password.
let common: Set<string> | undefined;

/** True for one of the 10,000 most common passwords (DESIGN.md §7.1), whatever its capitals. */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(COMMON_PASSWORDS_TEXT.split(','));
  return common.has(password.toLowerCase());
}
