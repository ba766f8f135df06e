// Field schemas shared by every form and route, each carrying the exact message a form shows
// under the field. "Required" checks abort, so an empty field shows one message, not two.
import { z } from 'zod';
import { passwordProblem } from '../password-rules';
import { unknownPlaceholders, unknownPlaceholdersMessage } from '../placeholders';
import {
  ADDRESS_MAX,
  EMAIL_MAX,
  NAME_MAX,
  PASSWORD_MAX,
  PASSWORD_MIN,
  QTY_MAX,
  QTY_MIN,
  REGION_MAX,
} from '../constants';
import { VALIDATION } from '../messages';
import { canonicalStateName } from '../india/gst-states';
import { GSTIN_MESSAGES, gstinProblem } from '../india/gstin';
import { lineProblem, spaceOutTabs, type LineProblem } from '../single-line';
import { atMost } from './at-most';

/** Trimmed text that must not be empty; the same message covers a missing field. `label` names it when too long. */
export function requiredText(message: string, max: number, label: string) {
  return z
    .string({ error: message })
    .trim()
    .min(1, { error: message, abort: true })
    .max(max, atMost(label, max));
}

/** Trimmed text that may be empty. */
export function optionalText(max: number, label: string) {
  return z.string().trim().max(max, atMost(label, max));
}

// Lower-cased so one mailbox is one account whatever the capitalisation typed.
export const emailField = z
  .string({ error: VALIDATION.emailRequired })
  .trim()
  .toLowerCase()
  .min(1, { error: VALIDATION.emailRequired, abort: true })
  .max(EMAIL_MAX, { error: VALIDATION.emailInvalid, abort: true })
  .regex(z.regexes.email, { error: VALIDATION.emailInvalid });

// Passwords are not trimmed: a space is a legitimate password character.
export const passwordField = z
  .string({ error: VALIDATION.passwordRequired })
  .min(1, { error: VALIDATION.passwordRequired, abort: true })
  .min(PASSWORD_MIN, { error: VALIDATION.passwordTooShort, abort: true })
  .max(PASSWORD_MAX, { ...atMost('Password', PASSWORD_MAX), abort: true })
  .superRefine((password, ctx) => {
    const problem = passwordProblem(password);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** A new password is not the account's own e-mail (a cross-field rule for the bodies that carry both). */
export function refinePasswordAgainstEmail(body: { password: string; email: string }, ctx: z.RefinementCtx): void {
  const problem = passwordProblem(body.password, { email: body.email });
  if (problem) ctx.addIssue({ code: 'custom', path: ['password'], message: problem });
}

/** Login checks only presence: old accounts may predate the length rule. */
export const loginPasswordField = z
  .string({ error: VALIDATION.passwordRequired })
  .min(1, { error: VALIDATION.passwordRequired })
  .max(PASSWORD_MAX, atMost('Password', PASSWORD_MAX));

/** A one-line field of a person or a business: its label in messages, and what belongs in it. */
export interface LineField {
  label: string;
  instead: string;
}

const FOUND: Readonly<Record<Exclude<LineProblem, 'webAddress'>, string>> = {
  lineBreak: 'line break',
  tab: 'tab',
  control: 'invisible control character',
  direction: 'invisible text-direction character',
  brokenCharacter: 'broken character (half of an emoji or symbol)',
};

function refuseLineProblems(field: LineField) {
  return (text: string, ctx: z.RefinementCtx) => {
    const problem = lineProblem(text);
    if (problem === null) return;
    const message = problem === 'webAddress' ? VALIDATION.noWebAddress(field.label, field.instead) : VALIDATION.notOneLine(field.label, FOUND[problem]);
    ctx.addIssue({ code: 'custom', message });
  };
}

/**
 * Required one-line text of a person or a business: tabs become spaces, then no line breaks, controls or web
 * addresses (single-line.ts). Mended here, so the browser and the server accept, and the server stores, one value.
 */
export function lineText(message: string, max: number, field: LineField) {
  return z
    .string({ error: message })
    .overwrite(spaceOutTabs)
    .trim()
    .min(1, { error: message, abort: true })
    .max(max, atMost(field.label, max))
    .superRefine(refuseLineProblems(field));
}

/** One-line text that may be empty, under the same rules. */
export function optionalLineText(max: number, field: LineField) {
  return z.string().overwrite(spaceOutTabs).trim().max(max, atMost(field.label, max)).superRefine(refuseLineProblems(field));
}

export const nameField = lineText(VALIDATION.nameRequired, NAME_MAX, { label: 'Name', instead: 'the name' });
/** The business buyer's name printed on a B2B invoice. */
export const businessNameField = optionalLineText(NAME_MAX, { label: 'Business name', instead: 'the business’s registered name' });

/**
 * An Indian mobile number as people write it ("98765 43210", "+91 98765 43210", "098765 43210", "91-98765-43210")
 * reduced to its 10 digits; anything else is returned trimmed and unchanged, for the 10-digit rule to refuse.
 */
export function normaliseMobile(value: string): string {
  const trimmed = value.trim();
  if (!/^\+?[0-9][0-9 ()-]*$/.test(trimmed)) return trimmed;
  const digits = trimmed.replace(/[^0-9]/g, '');
  if (digits.length === 12 && digits.startsWith('91')) return digits.slice(2);
  if (digits.length === 11 && digits.startsWith('0')) return digits.slice(1);
  return digits;
}

// Normalised first, on the server and in the browser alike, so both accept and store the same 10 digits.
export const mobileField = z
  .string({ error: VALIDATION.mobileRequired })
  .trim()
  .min(1, { error: VALIDATION.mobileRequired, abort: true })
  .overwrite(normaliseMobile)
  .regex(/^[0-9]{10}$/, { error: VALIDATION.mobileInvalid });

// Indian PIN codes never start with 0.
export const pincodeField = z
  .string({ error: VALIDATION.pincodeRequired })
  .trim()
  .min(1, { error: VALIDATION.pincodeRequired, abort: true })
  .regex(/^[1-9][0-9]{5}$/, { error: VALIDATION.pincodeInvalid });

export const addressField = lineText(VALIDATION.addressRequired, ADDRESS_MAX, { label: 'Address', instead: 'the house, street and area' });
export const districtField = lineText(VALIDATION.districtRequired, REGION_MAX, { label: 'District', instead: 'the district’s name' });
/** One of the 36 states and union territories, however it is capitalised or spaced; the list's spelling is kept. */
export const stateField = requiredText(VALIDATION.stateRequired, REGION_MAX, 'State').transform((typed, ctx) => {
  const name = canonicalStateName(typed);
  if (name) return name;
  ctx.addIssue({ code: 'custom', message: VALIDATION.stateUnknown });
  return z.NEVER;
});

export const itemQtyField = z
  .number({ error: VALIDATION.itemQtyRange })
  .int({ error: VALIDATION.itemQtyRange })
  .min(QTY_MIN, { error: VALIDATION.itemQtyRange })
  .max(QTY_MAX, { error: VALIDATION.itemQtyRange });

/** Row ids of orders and templates: positive integers on both databases. */
export const idField = z.number().int().positive();

/** Row ids are 32-bit integers on PostgreSQL: a larger id in a path names no row, and must not reach a query. */
export const ROW_ID_MAX = 2_147_483_647;

/** Required text for a mail template: only `{{…}}` placeholders that a mail can fill are accepted. */
export function mailText(message: string, max: number, label: string) {
  return requiredText(message, max, label).superRefine((text, ctx) => {
    const unknown = unknownPlaceholders(text);
    if (unknown.length > 0) ctx.addIssue({ code: 'custom', message: unknownPlaceholdersMessage(unknown) });
  });
}

/** A GSTIN, upper-cased; '' means none. Its shape, state code and check character are verified. */
export const gstinField = z
  .string()
  .trim()
  .toUpperCase()
  .superRefine((value, ctx) => {
    const problem = value === '' ? null : gstinProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: GSTIN_MESSAGES[problem] });
  });

/** A GSTIN without the business's name would print a recipient the GSTIN does not name. */
export function requireBusinessName(body: { gstin: string; businessName: string }, ctx: z.RefinementCtx): void {
  if (body.gstin && !body.businessName) ctx.addIssue({ code: 'custom', path: ['businessName'], message: VALIDATION.gstinBusinessNameRequired });
}
