// Test cards of the sandbox gateway. The dialog shows the same list (it is sent to the browser with the
// script), so what a tester reads on screen is exactly what the server does.

export const DECLINED_BY_BANK = 'Your payment was declined by the bank.';

export interface TestCard {
  number: string;
  label: string;
  outcome: 'captured' | 'failed';
  /** Refunds of a payment made with this card fail, so the failure path is tried offline. */
  refundsFail?: boolean;
}

export const TEST_CARDS: readonly TestCard[] = [
  { number: '4111 1111 1111 1111', label: 'Visa — payment succeeds', outcome: 'captured' },
  { number: '4000 0000 0000 0002', label: 'Visa — declined by the bank', outcome: 'failed' },
  { number: '5555 5555 5555 4444', label: 'Mastercard — payment succeeds, refunds fail', outcome: 'captured', refundsFail: true },
];

/** Whether refunds of a payment made with the card ending in these digits fail. */
export function refundsFailFor(last4: string | null): boolean {
  return !!last4 && TEST_CARDS.some((c) => c.refundsFail && cardDigits(c.number).endsWith(last4));
}

export interface CardInput {
  number: string;
  expiry: string;
  cvv: string;
}

export function cardDigits(number: string): string {
  return number.replace(/[\s-]/g, '');
}

export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** Field messages for a card the dialog should not have sent; empty when it is acceptable. */
export function cardProblems(card: CardInput, now = new Date()): Record<string, string> {
  const problems: Record<string, string> = {};
  if (!luhnValid(cardDigits(card.number))) problems['card.number'] = 'Enter a valid card number.';
  const expiry = /^(\d{2})\s*\/\s*(\d{2})$/.exec(card.expiry.trim());
  const month = Number(expiry?.[1]);
  const year = 2000 + Number(expiry?.[2]);
  const thisMonth = now.getUTCFullYear() * 12 + now.getUTCMonth();
  if (!expiry || month < 1 || month > 12) problems['card.expiry'] = 'Enter the expiry as MM/YY.';
  else if (year * 12 + (month - 1) < thisMonth) problems['card.expiry'] = 'This card has expired.';
  if (!/^\d{3,4}$/.test(card.cvv.trim())) problems['card.cvv'] = 'Enter the 3 or 4 digit CVV.';
  return problems;
}

/** Every valid card is paid, as in Razorpay's test mode, except the bank's decline card. */
export function cardOutcome(number: string): 'captured' | 'failed' {
  const digits = cardDigits(number);
  return TEST_CARDS.find((c) => cardDigits(c.number) === digits)?.outcome ?? 'captured';
}
