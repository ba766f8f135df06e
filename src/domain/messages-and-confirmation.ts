// WhatsApp messages and the COD confirmation (DESIGN.md §8.6): words and states shared by the browser and server.
import { z } from 'zod';

/** What an order's `confirmation` reads: null for orders that need none (not COD, setting off, or it ended). */
export const CONFIRMATION_STATES = ['PENDING', 'CONFIRMED'] as const;
export type ConfirmationState = (typeof CONFIRMATION_STATES)[number];

/**
 * How a confirmation ended, counted on the overview: CONFIRMED by the customer (link or WhatsApp), CONFIRMED_BY_SHOP
 * when the owner recorded it (after a call) or moved the order on without an answer, CANCELLED (by whom:
 * `cancelled_by`), EXPIRED unanswered.
 */
export const CONFIRMATION_RESULTS = ['CONFIRMED', 'CONFIRMED_BY_SHOP', 'CANCELLED', 'EXPIRED'] as const;
export type ConfirmationResult = (typeof CONFIRMATION_RESULTS)[number];

/** The cancel reason of an order whose customer did not confirm in time. */
export const NOT_CONFIRMED_REASON = 'Not confirmed';
/** The cancel reason of an order the customer cancelled from the confirmation message or link. */
export const CANCELLED_AT_CONFIRMATION_REASON = 'Cancelled when asked to confirm';

export const COD_CONFIRM_HOURS_DEFAULT = 24;
export const COD_CONFIRM_HOURS_MAX = 168;
export const COD_CONFIRM_HOURS_MESSAGE = `Give the customer 1 to ${COD_CONFIRM_HOURS_MAX} hours to confirm`;

export const confirmAnswerSchema = z.strictObject({
  answer: z.enum(['CONFIRM', 'CANCEL'], { error: 'Answer CONFIRM or CANCEL' }),
  token: z.string().trim().min(1).max(200).optional(),
});
export type ConfirmAnswer = z.infer<typeof confirmAnswerSchema>;

/**
 * Message kinds, each sent with its own WhatsApp template; SHIPPED and OUT_FOR_DELIVERY are sent by shipping. Out for
 * delivery has two: the amount to keep ready (cash on delivery) or nothing to pay (paid online).
 */
export const MESSAGE_KINDS = ['PLACED', 'COD_CONFIRMATION', 'SHIPPED', 'OUT_FOR_DELIVERY', 'OUT_FOR_DELIVERY_PREPAID', 'DELIVERED', 'REFUND_PROCESSED'] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

export const MESSAGE_KIND_LABELS: Record<MessageKind, string> = {
  PLACED: 'Order placed',
  COD_CONFIRMATION: 'Confirm cash on delivery',
  SHIPPED: 'Shipped',
  OUT_FOR_DELIVERY: 'Out for delivery (cash on delivery)',
  OUT_FOR_DELIVERY_PREPAID: 'Out for delivery (paid online)',
  DELIVERED: 'Delivered',
  REFUND_PROCESSED: 'Refund processed',
};

/**
 * The words of each message as the sandbox shows them and as the WhatsApp templates must be registered (the values
 * of their variables are MESSAGE_VALUES). The Cloud API sends the values
 * only: Meta holds the approved template text, so a message that must say something else (nothing to pay) is a
 * template of its own, never words put in a value. Meta refuses a template whose variables skip a number, begin or
 * end its body or stand side by side, and a send whose values are more or fewer than its variables: so every
 * value sent is used, in order, inside words. Settings → Messages shows them to the owner.
 */
export const MESSAGE_WORDS: Record<MessageKind, string> = {
  PLACED: 'Hello {{1}}, thank you for your order {{2}} of {{3}}. We will message you when it ships.',
  COD_CONFIRMATION:
    'Hello {{1}}, please confirm your cash on delivery order {{2}} of {{3}}. Tap Confirm and we will pack it, or Cancel if you no longer want it.',
  SHIPPED: 'Hello {{1}}, your order {{2}} of {{3}} has shipped with AWB {{4}}. Track it at {{5}} any time.',
  OUT_FOR_DELIVERY: 'Hello {{1}}, your order {{2}} is out for delivery today. Please keep {{3}} ready to pay at the door.',
  OUT_FOR_DELIVERY_PREPAID: 'Hello {{1}}, your order {{2}} is out for delivery today. You paid {{3}} online, so there is nothing to pay at the door.',
  DELIVERED: 'Hello {{1}}, your order {{2}} of {{3}} was delivered. Tell other customers how you liked it: {{4}} Thank you for buying from us.',
  REFUND_PROCESSED: 'Hello {{1}}, for your order {{2}} of {{3}}, a refund of {{4}} has been processed.',
};

/** What the owner is told each value of a message is. */
export const MESSAGE_VALUE_LABELS = {
  customerName: 'the customer’s name',
  orderNumber: 'the order number (GS-1043)',
  orderAmount: 'the order’s total',
  awb: 'the courier’s AWB number',
  trackingLink: 'the tracking link',
  reviewLink: 'the link to review what was delivered',
  refundAmount: 'the amount refunded',
} as const;
export type MessageValue = keyof typeof MESSAGE_VALUE_LABELS;

const ORDER_VALUES = ['customerName', 'orderNumber', 'orderAmount'] as const;

/**
 * The values each kind is sent with, in the order of its words' variables ({{1}} is the first). The server fills a
 * message's values in this order and Settings → Messages explains the variables from it, so the two cannot disagree.
 */
export const MESSAGE_VALUES: Record<MessageKind, readonly MessageValue[]> = {
  PLACED: ORDER_VALUES,
  COD_CONFIRMATION: ORDER_VALUES,
  SHIPPED: [...ORDER_VALUES, 'awb', 'trackingLink'],
  OUT_FOR_DELIVERY: ORDER_VALUES,
  OUT_FOR_DELIVERY_PREPAID: ORDER_VALUES,
  DELIVERED: [...ORDER_VALUES, 'reviewLink'],
  REFUND_PROCESSED: [...ORDER_VALUES, 'refundAmount'],
};

/** "{{1}} is the customer’s name, {{2}} the order number and {{3}} the order’s total." */
export function messageValuesLegend(kind: MessageKind): string {
  const parts = MESSAGE_VALUES[kind].map((value, i) => `{{${i + 1}}}${i === 0 ? ' is' : ''} ${MESSAGE_VALUE_LABELS[value]}`);
  const last = parts.pop();
  return `${parts.length > 0 ? `${parts.join(', ')} and ` : ''}${last ?? ''}.`;
}

export const MESSAGE_STATUSES = ['QUEUED', 'SENT', 'DELIVERED', 'READ', 'FAILED'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

/**
 * Where a message's question stands (the COD confirmation asks one): WAITING while the customer may still answer,
 * else how it ended; CONFIRMED_BY_SHOP and CANCELLED_BY_SHOP when the owner recorded it (after a call) or moved the
 * order on instead of an answer;
 * CLOSED when the order ended otherwise (cancelled before any answer).
 */
export const MESSAGE_ANSWERS = ['WAITING', 'CONFIRMED', 'CONFIRMED_BY_SHOP', 'CANCELLED', 'CANCELLED_BY_SHOP', 'EXPIRED', 'CLOSED'] as const;
export type MessageAnswer = (typeof MESSAGE_ANSWERS)[number];

export const MESSAGE_ANSWER_LABELS: Record<MessageAnswer, string> = {
  WAITING: 'Waiting for the customer’s answer.',
  CONFIRMED: 'Answered: the order is confirmed.',
  CONFIRMED_BY_SHOP: 'No answer came here: the shop confirmed the order (after a call, or by sending it on).',
  CANCELLED: 'Answered: the order was cancelled when asked to confirm.',
  CANCELLED_BY_SHOP: 'No answer came here: the shop cancelled the order as not wanted.',
  EXPIRED: 'Not answered in time: the order is cancelled “Not confirmed”.',
  CLOSED: 'No answer is expected any more: the order was cancelled.',
};

/** A message as GET /api/messages answers it; `text` is what the customer reads (the sandbox shows it). */
export interface MessageView {
  id: number;
  orderid: string;
  /** The number people read (GS-1043). */
  orderNumber: string;
  to: string;
  kind: MessageKind;
  template: string;
  status: MessageStatus;
  createdAt: string;
  error: string | null;
  /** The words with every value, including those added when it is sent (the delivered message's review link). */
  text: string;
  buttons: string[];
  /** Null for a message that asks nothing. */
  answer: MessageAnswer | null;
}

export const sandboxReplySchema = z.strictObject({
  orderid: z.string().trim().min(1).max(100),
  button: z.enum(['CONFIRM', 'CANCEL', 'STOP'], { error: 'Reply CONFIRM, CANCEL or STOP' }),
});
export type SandboxReply = z.infer<typeof sandboxReplySchema>;

const templateName = z
  .string()
  .trim()
  .regex(/^[a-z0-9_]{1,512}$/, { error: 'A template name has lower-case letters, digits and underscores' });
const templateLanguage = z
  .string()
  .trim()
  .regex(/^[a-z]{2,3}(_[A-Z]{2})?$/, { error: 'A language code looks like en, hi or en_US' });

/** Settings → Messages: the WhatsApp template name and language of each kind. */
export const messageTemplatesSchema = z.strictObject(
  Object.fromEntries(MESSAGE_KINDS.map((kind) => [kind, z.strictObject({ name: templateName, language: templateLanguage })])) as Record<
    MessageKind,
    z.ZodObject<{ name: typeof templateName; language: typeof templateLanguage }>
  >,
);
export type MessageTemplates = Record<MessageKind, { name: string; language: string }>;

/** The order's mobile number as WhatsApp wants it: country code and digits, no plus (India: 91). */
export function whatsappNumber(mobile: string): string {
  const digits = mobile.replace(/\D/g, '');
  if (digits.length === 10) return `91${digits}`;
  if (digits.length === 11 && digits.startsWith('0')) return `91${digits.slice(1)}`;
  return digits;
}
