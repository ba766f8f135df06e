// The shop's own phone numbers (Settings → Business details and Shop profile). Each message says what is wrong
// with the number as typed: the characters first, then how many digits it has against how many it needs.
import { z } from 'zod';
import { normaliseMobile } from './fields';

/**
 * An Indian number written in full has 10 digits (a mobile, or a landline with its area code); a leading 0 or +91
 * and the toll-free 1800 numbers bring it to at most 13. Fewer cannot be dialled from another city, and the courier
 * is given the care phone as the pickup contact.
 */
const PHONE_DIGITS_MIN = 10;
const PHONE_DIGITS_MAX = 13;
const MOBILE_DIGITS = 10;

const digitsWord = (n: number) => `${n} digit${n === 1 ? '' : 's'}`;

/** What is wrong with a business phone number, or null when it is fine. */
export function phoneProblem(phone: string): string | null {
  if (!/^\+?[0-9 -]+$/.test(phone)) return 'Phone number: digits, spaces, dashes and a leading + only';
  if (!/^\+?[0-9]/.test(phone) || !/[0-9]$/.test(phone)) return 'Phone number: begin and end with a digit (a leading + is fine)';
  const digits = phone.replace(/[^0-9]/g, '').length;
  if (digits < PHONE_DIGITS_MIN) {
    return `Phone number is too short: it has ${digitsWord(digits)}, and an Indian number has 10 (a landline with its area code, e.g. 080 4123 4567)`;
  }
  if (digits > PHONE_DIGITS_MAX) return `Phone number is too long: it has ${digitsWord(digits)}, and an Indian number has 10, or 12 with +91 in front`;
  return unrealProblem(phone);
}

/**
 * A number of the right length that no one could answer: typed to get past the form (0000000000), it would print on
 * invoices and go to the courier as the pickup contact. What follows +91 (or 91 before ten digits) and one trunk 0
 * is the number itself, and in India that never begins with 0.
 */
function unrealProblem(phone: string): string | null {
  let national = phone.replace(/[^0-9]/g, '');
  if ((phone.startsWith('+') || national.length === 12) && national.startsWith('91')) national = national.slice(2);
  if (national.startsWith('0')) national = national.slice(1);
  if (/^(\d)\1*$/.test(national)) return 'Phone number cannot be real: it is one digit repeated. Enter the number customers will call';
  if (national.startsWith('0')) return 'Phone number cannot be real: after the 0 or +91 in front, an Indian number does not start with 0';
  return null;
}

export const phoneField = z
  .string({ error: 'Phone number is required' })
  .trim()
  .min(1, { error: 'Phone number is required', abort: true })
  .superRefine((phone, ctx) => {
    const problem = phoneProblem(phone);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** What is wrong with a WhatsApp number already reduced by normaliseMobile, or null when it is fine or empty. */
export function whatsappProblem(mobile: string): string | null {
  if (mobile === '') return null;
  if (!/^[0-9]+$/.test(mobile)) return 'WhatsApp number: digits, spaces, dashes and a leading + only';
  if (mobile.length < MOBILE_DIGITS) return `WhatsApp number is too short: it has ${digitsWord(mobile.length)}, and a mobile number has 10`;
  if (mobile.length > MOBILE_DIGITS) return `WhatsApp number is too long: it has ${digitsWord(mobile.length)}, and a mobile number has 10 (+91 in front is fine)`;
  if (!/^[6-9]/.test(mobile)) return 'WhatsApp number: an Indian mobile number starts with 6, 7, 8 or 9';
  return null;
}

/** An Indian mobile number on WhatsApp, stored as its 10 digits; '' hides the WhatsApp button. */
export const whatsappField = z
  .string()
  .trim()
  .overwrite(normaliseMobile)
  .superRefine((mobile, ctx) => {
    const problem = whatsappProblem(mobile);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });
