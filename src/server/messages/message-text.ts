import type { MessageKind } from '../../domain/messages-and-confirmation';
import type { PaymentMode } from '../../domain/constants';
import { reviewFormLink } from '../reviews/review-request-job';

/**
 * The words of each message as the sandbox shows them and as the WhatsApp templates should read ({{1}} is the
 * customer's name, {{2}} the order, {{3}} the amount, then the kind's own values). The Cloud API sends the values
 * only: Meta holds the approved template text, so a message that must say something else (nothing to pay) is a
 * template of its own, never words put in a value.
 */
const TEXTS: Record<MessageKind, string> = {
  PLACED: 'Hello {{1}}, thank you for your order {{2}} of {{3}}. We will message you when it ships.',
  COD_CONFIRMATION:
    'Hello {{1}}, please confirm your cash on delivery order {{2}} of {{3}}. Tap Confirm and we will pack it, or Cancel if you no longer want it.',
  SHIPPED: 'Hello {{1}}, your order {{2}} has shipped. AWB {{4}}; track it at {{5}}',
  OUT_FOR_DELIVERY: 'Hello {{1}}, your order {{2}} is out for delivery today. Please keep {{3}} ready to pay at the door.',
  OUT_FOR_DELIVERY_PREPAID: 'Hello {{1}}, your order {{2}} is out for delivery today. You paid {{3}} online, so there is nothing to pay at the door.',
  DELIVERED: 'Hello {{1}}, your order {{2}} was delivered. Tell other customers how you liked it: {{4}}',
  REFUND_PROCESSED: 'Hello {{1}}, a refund of {{4}} for your order {{2}} has been processed.',
};

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
  return TEXTS[kind].replace(/\{\{(\d+)\}\}/g, (_whole, n: string) => params[Number(n) - 1] ?? '(missing)');
}

/**
 * Whether the row still lacks the value made when it is sent: the delivered message's review link, made then from
 * the order's first product. Once sent, the row keeps the values it went with.
 */
export function lacksReviewLink(kind: string, params: readonly string[]): boolean {
  return kind === 'DELIVERED' && params.length < 4;
}

/** The delivered message's review link: the first product's review form, or Your Orders when no product is left. */
export function deliveredReviewLink(publicUrl: string, firstProductId: number | null): string {
  return firstProductId ? reviewFormLink(publicUrl, firstProductId) : `${publicUrl}/orders`;
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
