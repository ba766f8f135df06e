// GSTIN: 2-digit state code, 10-character PAN, entity number, 'Z', and a check character computed
// over the first 14 characters with the base-36 scheme GSTN publishes.
import { stateNameOf } from './gst-states';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const SHAPE = /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

export function gstinCheckCharacter(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i += 1) {
    const value = ALPHABET.indexOf(first14[i] ?? '');
    const product = value * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return ALPHABET[(36 - (sum % 36)) % 36] as string;
}

export type GstinProblem = 'format' | 'state' | 'check';

/** Why a GSTIN (already upper-cased and trimmed) is not valid, or null when it is. */
export function gstinProblem(gstin: string): GstinProblem | null {
  if (!SHAPE.test(gstin)) return 'format';
  if (!stateNameOf(gstin.slice(0, 2))) return 'state';
  if (gstinCheckCharacter(gstin.slice(0, 14)) !== gstin[14]) return 'check';
  return null;
}

export const GSTIN_MESSAGES: Readonly<Record<GstinProblem, string>> = {
  format: 'A GSTIN has 15 characters: state code, PAN, entity number, Z and a check character (e.g. 29ABCDE1234F1Z5)',
  state: 'The GSTIN starts with a state code that does not exist; check its first two digits',
  check: 'The GSTIN’s last character does not match the rest: one character is mistyped',
};

/** A tax invoice's recipient must be someone other than its supplier: the shop cannot bill its own GSTIN. */
export const OWN_GSTIN_MESSAGE =
  'That GSTIN is this shop’s own; a business invoice names the buyer’s GSTIN. Enter your business’s GSTIN, or untick "Add GSTIN for a business invoice"';

/** The two-digit state code of a valid GSTIN. */
export const gstinStateCode = (gstin: string) => gstin.slice(0, 2);
