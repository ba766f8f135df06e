import { createHmac, timingSafeEqual } from 'node:crypto';

// The formulas Razorpay documents and its SDK checks (signatures.test.ts compares with the SDK).

export function hmacHex(message: string, secret: string): string {
  return createHmac('sha256', secret).update(message, 'utf8').digest('hex');
}

export function paymentSignature(orderId: string, paymentId: string, keySecret: string): string {
  return hmacHex(`${orderId}|${paymentId}`, keySecret);
}

export function webhookSignature(rawBody: string, webhookSecret: string): string {
  return hmacHex(rawBody, webhookSecret);
}

/** Constant-time comparison of two hex signatures; anything malformed is simply not equal. */
export function signaturesMatch(expectedHex: string, givenHex: string): boolean {
  if (!/^[0-9a-f]+$/i.test(givenHex) || givenHex.length !== expectedHex.length) return false;
  return timingSafeEqual(Buffer.from(expectedHex.toLowerCase(), 'hex'), Buffer.from(givenHex.toLowerCase(), 'hex'));
}

export function isValidPaymentSignature(
  input: { orderId: string; paymentId: string; signature: string },
  keySecret: string,
): boolean {
  return signaturesMatch(paymentSignature(input.orderId, input.paymentId, keySecret), input.signature);
}

export function isValidWebhookSignature(rawBody: string, signature: string, webhookSecret: string): boolean {
  return signaturesMatch(webhookSignature(rawBody, webhookSecret), signature);
}
