import { createHmac, timingSafeEqual } from 'node:crypto';
import type { MessageStatus } from '../../domain/messages-and-confirmation';

/** Whether `header` (X-Hub-Signature-256: "sha256=<hex>") is the HMAC-SHA256 of the raw body with the app secret. */
export function signatureMatches(appSecret: string, rawBody: string, header: string | undefined): boolean {
  if (!header?.startsWith('sha256=')) return false;
  const expected = Buffer.from(createHmac('sha256', appSecret).update(rawBody, 'utf8').digest('hex'));
  const given = Buffer.from(header.slice('sha256='.length).toLowerCase());
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The GET subscription check: the challenge to echo, or null when the mode or token is wrong. */
export function verificationChallenge(verifyToken: string | undefined, query: Record<string, unknown>): string | null {
  if (!verifyToken) return null;
  const token = query['hub.verify_token'];
  const challenge = query['hub.challenge'];
  if (query['hub.mode'] !== 'subscribe' || typeof token !== 'string' || typeof challenge !== 'string') return null;
  const a = Buffer.from(token);
  const b = Buffer.from(verifyToken);
  return a.length === b.length && timingSafeEqual(a, b) ? challenge : null;
}

export interface DeliveryStatus {
  providerId: string;
  status: MessageStatus;
  error: string | null;
}

/** A customer's answer: a quick-reply button (CONFIRM or CANCEL with the order) or STOP typed or tapped. */
export interface CustomerAnswer {
  from: string;
  answer: 'CONFIRM' | 'CANCEL' | 'STOP' | 'START';
  orderid: string | null;
}

// A Map, not an object: a status of "constructor" must find nothing, not a built-in function.
const STATUS = new Map<string, MessageStatus>([
  ['sent', 'SENT'],
  ['delivered', 'DELIVERED'],
  ['read', 'READ'],
  ['failed', 'FAILED'],
]);
const STOP_WORDS = new Set(['STOP', 'UNSUBSCRIBE', 'STOP ALL']);
// The words WhatsApp businesses take as "send me messages again" after a STOP.
const START_WORDS = new Set(['START', 'SUBSCRIBE', 'UNSTOP']);

type Json = Record<string, unknown>;
const obj = (v: unknown): Json => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : {});
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);

/** A button's payload "CONFIRM:order_…" (ours, set when the message was sent). */
export function parsePayload(payload: string): { answer: 'CONFIRM' | 'CANCEL'; orderid: string } | null {
  const match = /^(CONFIRM|CANCEL):(.{1,100})$/.exec(payload);
  return match ? { answer: match[1] as 'CONFIRM' | 'CANCEL', orderid: match[2] as string } : null;
}

/** What a webhook POST says: delivery statuses and customers' answers; anything else in it is ignored. */
export function readEvents(body: unknown): { statuses: DeliveryStatus[]; answers: CustomerAnswer[] } {
  const statuses: DeliveryStatus[] = [];
  const answers: CustomerAnswer[] = [];
  for (const entry of arr(obj(body).entry)) {
    for (const change of arr(obj(entry).changes)) {
      const value = obj(obj(change).value);
      for (const s of arr(value.statuses)) {
        const id = str(obj(s).id);
        const status = STATUS.get(str(obj(s).status) ?? '');
        if (!id || !status) continue;
        const firstError = obj(arr(obj(s).errors)[0]);
        const error = str(firstError.title) ?? str(firstError.message);
        statuses.push({ providerId: id, status, error: status === 'FAILED' ? (error ?? 'WhatsApp could not deliver the message') : null });
      }
      for (const m of arr(value.messages)) {
        const message = obj(m);
        const from = str(message.from);
        if (!from) continue;
        const payload = str(obj(message.button).payload) ?? str(obj(obj(message.interactive).button_reply).id);
        const text = (str(obj(message.text).body) ?? str(obj(message.button).text) ?? '').trim().toUpperCase();
        const parsed = payload ? parsePayload(payload) : null;
        if (parsed) answers.push({ from, ...parsed });
        else if (STOP_WORDS.has(text)) answers.push({ from, answer: 'STOP', orderid: null });
        else if (START_WORDS.has(text)) answers.push({ from, answer: 'START', orderid: null });
      }
    }
  }
  return { statuses, answers };
}
