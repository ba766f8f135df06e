import type { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { VALIDATION } from '../../domain/messages';
import { SHOP_NAME } from '../../domain/page-meta';
import { passwordProblem } from '../../domain/password-rules';
import { badRequest } from '../http/errors';

/** zxcvbn's 0–4: 2 is "somewhat guessable", safe against guessing at a web form's pace (DESIGN.md §8.8). */
export const PASSWORD_MIN_SCORE = 2;
// zxcvbn's work grows with the length; a passphrase longer than this is strong whatever its end.
const SCORED_LENGTH = 100;

// What zxcvbn saw, in the shop's words (its own texts are keys to translate).
const HINTS: Record<string, string> = {
  straightRow: 'a row of keys',
  keyPattern: 'a pattern on the keyboard',
  simpleRepeat: 'a repeated letter',
  extendedRepeat: 'a repeated pattern',
  sequences: 'a sequence such as abc or 123',
  recentYears: 'a recent year',
  dates: 'a date',
  topTen: 'one of the most used passwords',
  topHundred: 'one of the most used passwords',
  common: 'a commonly used password',
  similarToCommon: 'much like a commonly used password',
  wordByItself: 'a single word',
  namesByThemselves: 'a name',
  commonNames: 'a common name',
  userInputs: 'your e-mail address or the shop\'s name',
};

let factory: Promise<ZxcvbnFactory> | undefined;

/**
 * Loaded on the first new password, not at start-up (decision 042): the dictionaries are a few megabytes. Only the
 * server holds them; the forms check length, the common list, the e-mail and the shop's name (domain/password-rules).
 */
function scorer(): Promise<ZxcvbnFactory> {
  factory ??= Promise.all([import('@zxcvbn-ts/core'), import('@zxcvbn-ts/language-common')]).then(
    ([core, common]) => new core.ZxcvbnFactory({ graphs: common.adjacencyGraphs, dictionary: common.dictionary }),
  );
  return factory;
}

/**
 * A new password (registration, reset, a checkout account's first one) must be at least 8 characters (the schema
 * says so first), not common, not the account's e-mail, not hold the shop's name, and score at least 2 in zxcvbn-ts
 * with the e-mail and the shop's names as the account's own words (DESIGN.md §8.8). Existing passwords are never
 * checked again: they keep working until their owner changes them.
 */
export async function assertStrongPassword(password: string, context: { email: string; shopNames?: readonly string[] }): Promise<void> {
  const shopNames = [SHOP_NAME, ...(context.shopNames ?? [])].filter(Boolean);
  const problem = passwordProblem(password, { email: context.email, shopNames });
  if (problem) throw badRequest(problem, { password: problem });
  const local = context.email.split('@')[0] ?? '';
  const result = (await scorer()).check(password.slice(0, SCORED_LENGTH), [context.email, local, ...shopNames, 'ghee', 'gheeshop']);
  if (result.score < PASSWORD_MIN_SCORE) {
    const message = VALIDATION.passwordTooGuessable(HINTS[result.feedback.warning ?? ''] ?? '');
    throw badRequest(message, { password: message });
  }
}
