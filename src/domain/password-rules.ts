import { COMMON_PASSWORDS_TEXT } from './common-passwords';
import { VALIDATION } from './messages';

// Built on first use: the set costs a few hundred kilobytes, and most pages never check a new password.
let common: Set<string> | undefined;

/** True for one of the 10,000 most common passwords (DESIGN.md §7.1), whatever its capitals. */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(COMMON_PASSWORDS_TEXT.split(','));
  return common.has(password.toLowerCase());
}

/** Letters and digits only, lower-cased: "Ghee-Shop!" and "gheeshop" are the same words. */
const words = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');

/** The shop's own name in the forms a password would hold it ("Ghee Shop" → "gheeshop"). */
export const SHOP_NAME_WORDS = ['gheeshop'];

/**
 * Why a new password may not be used, beyond its length (DESIGN.md §8.8): one of the most common, the account's
 * e-mail (or the part before the @), or the shop's name in it. Shared by the forms and the server; the server also
 * scores it with zxcvbn-ts (auth/password-strength.ts), which needs dictionaries too large for the pages.
 */
export function passwordProblem(password: string, context: { email?: string | undefined; shopNames?: readonly string[] } = {}): string | null {
  if (isCommonPassword(password)) return VALIDATION.passwordTooCommon;
  const plain = words(password);
  if (context.email) {
    const email = context.email.toLowerCase();
    const local = email.split('@')[0] ?? '';
    if (password.toLowerCase() === email || (words(local).length >= 3 && plain === words(local)) || plain === words(email)) return VALIDATION.passwordIsEmail;
  }
  for (const name of [...SHOP_NAME_WORDS, ...(context.shopNames ?? []).map(words)]) {
    if (name.length >= 4 && plain.includes(name)) return VALIDATION.passwordIsShopName;
  }
  return null;
}
