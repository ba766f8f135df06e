import { MESSAGE_KINDS, MESSAGE_VALUES, MESSAGE_WORDS, type MessageKind } from '../../domain/messages-and-confirmation';
import type { PaymentMode } from '../../domain/constants';
import { reviewFormLink } from '../reviews/review-request-job';


/** The kind a message is sent as for this order: a prepaid order's out-for-delivery message asks for no money. */
export function messageKindFor(kind: MessageKind, paymentmode: PaymentMode): MessageKind {
  return kind === 'OUT_FOR_DELIVERY' && paymentmode === 'ONLINE' ? 'OUT_FOR_DELIVERY_PREPAID' : kind;
}

/** The quick-reply buttons a kind carries: their payloads name the answer and the order. */
export function messageButtons(kind: MessageKind): ('CONFIRM' | 'CANCEL')[] {
  return kind === 'COD_CONFIRMATION' ? ['CONFIRM', 'CANCEL'] : [];
}

export function buttonPayload(answer: string, orderid: string): string {
  return `${answer}:${orderid}`;
}

/** The words with the values in; a value that is missing (a damaged row) reads "(missing)", never a placeholder. */
export function messageText(kind: MessageKind, params: readonly string[]): string {
  return MESSAGE_WORDS[kind].replace(/\{\{(\d+)\}\}/g, (_whole, n: string) => params[Number(n) - 1] ?? '(missing)');
}

/** The value made when a message is sent rather than when it is queued: the review link, from the order's first product. */
export const VALUE_MADE_WHEN_SENT = 'reviewLink';

/** Whether the row still lacks the review link its kind ends with. Once sent, the row keeps the values it went with. */
export function lacksReviewLink(kind: string, params: readonly string[]): boolean {
  return (MESSAGE_KINDS as readonly string[]).includes(kind) && MESSAGE_VALUES[kind as MessageKind][params.length] === VALUE_MADE_WHEN_SENT;
}

/** The delivered message's review link: the first product's review form, or Your Orders when no product is left. */
export function deliveredReviewLink(publicUrl: string, firstProductId: number | null): string {
  return firstProductId ? reviewFormLink(publicUrl, firstProductId) : `${publicUrl}/orders`;
}

/**
 * A value as the Cloud API takes it: Meta refuses a value with a line break, a tab or more than four spaces in a
 * row, which would leave the customer without the message. A name or address stored with them (typed before
 * such input was refused) goes on one line.
 */
export function templateValue(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** Parameters as stored, or none when the column was damaged. */
export function parseParams(stored: string): string[] {
  try {
    const value: unknown = JSON.parse(stored);
    return Array.isArray(value) ? value.map(String) : [];
  } catch {
    return [];
  }
}
