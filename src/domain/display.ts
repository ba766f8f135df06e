// How ids, dates, money and text are shown on screen and in mails.
import {
  CURRENCY_SYMBOL,
  DESCRIPTION_PREVIEW_LENGTH,
  ORDER_ID_PREFIX,
  ORDER_NUMBER_OFFSET,
  ORDER_NUMBER_PREFIX,
  PAYMENT_ID_PREFIX,
  QUANTITY_UNIT,
  SHOP_TIME_ZONE,
} from './constants';

// The spec chops a fixed number of characters; removing only a real prefix does the same for
// gateway ids and never eats characters of an id that has no prefix.
function dropPrefix(id: string, prefix: string): string {
  return id.startsWith(prefix) ? id.slice(prefix.length) : id;
}

function addPrefix(id: string, prefix: string): string {
  const trimmed = id.trim();
  if (trimmed === '' || trimmed.startsWith(prefix)) return trimmed;
  return prefix + trimmed;
}

export function displayOrderId(id: string): string {
  return dropPrefix(id, ORDER_ID_PREFIX);
}

/**
 * The order number a person reads, says on the phone and types (GS-1043). `orderid` stays the key of the
 * API and of the payment gateway; this is derived from the order's row id, so it needs no column.
 */
export function orderNumber(id: number): string {
  return `${ORDER_NUMBER_PREFIX}${ORDER_NUMBER_OFFSET + id}`;
}

/** The order's number when its row id is known, else the short gateway id people saw before numbers. */
export function orderLabel(order: { id?: number | undefined; orderid: string }): string {
  return order.id !== undefined && order.id > 0 ? orderNumber(order.id) : displayOrderId(order.orderid);
}

const ORDER_NUMBER_PATTERN = /^\s*GS\s*-?\s*(\d{1,12})\s*$/i;

/** The row id an order number stands for ("GS-1043", "gs 1043", "GS1043"); undefined for anything else. */
export function parseOrderNumber(text: string): number | undefined {
  const digits = ORDER_NUMBER_PATTERN.exec(text)?.[1];
  if (digits === undefined) return undefined;
  const id = Number(digits) - ORDER_NUMBER_OFFSET;
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

/** An empty payment id (cash on delivery, unpaid) stays empty. */
export function displayPaymentId(id: string): string {
  return dropPrefix(id, PAYMENT_ID_PREFIX);
}

/** Payment verification: admins type the short id; a pasted full id is kept as is. */
export function withOrderPrefix(id: string): string {
  return addPrefix(id, ORDER_ID_PREFIX);
}

export function withPaymentPrefix(id: string): string {
  return addPrefix(id, PAYMENT_ID_PREFIX);
}

const shopTime = new Intl.DateTimeFormat('en-GB', {
  timeZone: SHOP_TIME_ZONE,
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

// Only full date-times are converted; a bare date has no time zone to convert from.
function parseDateTime(createdAt: string): Date | undefined {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(createdAt)) return undefined;
  const date = new Date(createdAt);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

const IST_OFFSET_MS = 330 * 60_000;

/**
 * An ISO-8601 timestamp in shop time (India has no daylight saving), e.g. '2026-11-21T09:15:00.000+05:30'.
 * Orders are stamped this way so that the spec's "first 10 characters of createdAt" is the shop's date,
 * and because every stamp has the same offset, text order is still time order.
 */
export function shopTimestamp(date: Date = new Date()): string {
  return new Date(date.getTime() + IST_OFFSET_MS).toISOString().replace('Z', '+05:30');
}

/** The spec's order date: the first 10 characters of createdAt (orders are stamped in shop time). */
export function orderDate(createdAt: string): string {
  return createdAt.slice(0, 10);
}

/** HH:MM (24-hour) in shop time (Asia/Kolkata); '' when createdAt is not an ISO date-time. */
export function orderTime(createdAt: string): string {
  const date = parseDateTime(createdAt);
  return date ? shopTime.format(date) : '';
}

const shopDateTime = new Intl.DateTimeFormat('en-GB', {
  timeZone: SHOP_TIME_ZONE,
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** "28 Nov 2026, 21:07 IST": an instant as a customer in India reads it; '' when it is not an ISO date-time. */
export function formatShopDateTime(iso: string): string {
  const date = parseDateTime(iso);
  return date ? `${shopDateTime.format(date)} IST` : '';
}

const dateParts = { day: 'numeric', month: 'short', year: 'numeric' } as const;
const shopDay = new Intl.DateTimeFormat('en-GB', { ...dateParts, timeZone: SHOP_TIME_ZONE });
// A bare date is already the shop's date: read in UTC, it is shown as written.
const bareDay = new Intl.DateTimeFormat('en-GB', { ...dateParts, timeZone: 'UTC' });

/** "28 Nov 2026": the date of formatShopDateTime, for a stamp (in shop time) or a bare date; '' for anything else. */
export function formatShopDate(iso: string): string {
  const date = parseDateTime(iso);
  if (date) return shopDay.format(date);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(iso)) return '';
  const day = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(iso) ? bareDay.format(day) : '';
}

/**
 * First 80 characters, then '...'. Short text is shown whole without the dots, so a one-line
 * description does not look cut. Counts code points so an emoji is never split in half.
 */
export function descriptionPreview(text: string): string {
  const chars = Array.from(text);
  if (chars.length <= DESCRIPTION_PREVIEW_LENGTH) return text;
  return `${chars.slice(0, DESCRIPTION_PREVIEW_LENGTH).join('').trimEnd()}...`;
}

const rupees = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });

/** 'Rs. 1,250'; Indian grouping: 125000 → 'Rs. 1,25,000'. */
export function formatRupees(amount: number): string {
  return `${CURRENCY_SYMBOL} ${rupees.format(amount)}`;
}

export function formatSize(ml: number): string {
  return `${ml} ${QUANTITY_UNIT}`;
}
