import { randomInt } from 'node:crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** Razorpay ids are a prefix and 14 characters; ours look the same so every screen treats them alike. */
export const GATEWAY_ID_BODY_LENGTH = 14;

/** e.g. newGatewayId('order_') → 'order_Kq3x9TzL0aB7cD'. 62^14 ≈ 1.2e25 ids, so collisions are not a concern. */
export function newGatewayId(prefix: string): string {
  let body = '';
  for (let i = 0; i < GATEWAY_ID_BODY_LENGTH; i += 1) body += ALPHABET[randomInt(ALPHABET.length)];
  return prefix + body;
}
