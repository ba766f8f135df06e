import type { ScanStatus } from '../../domain/shipping';
import type { CourierScan } from './courier';

/**
 * Shiprocket's status words and ids (its "sr-status") for the scans the shop acts on. Maps, not objects: a webhook's
 * "constructor" or "__proto__" must find nothing, not a built-in function.
 */
const STATUS_BY_ID = new Map<string, ScanStatus>([
  ['42', 'PICKED_UP'],
  ['6', 'IN_TRANSIT'],
  ['18', 'IN_TRANSIT'],
  ['17', 'OUT_FOR_DELIVERY'],
  ['7', 'DELIVERED'],
  ['9', 'RTO_INITIATED'],
  ['10', 'RTO_DELIVERED'],
]);
const STATUS_BY_WORDS = new Map<string, ScanStatus>([
  ['PICKED UP', 'PICKED_UP'],
  ['SHIPPED', 'IN_TRANSIT'],
  ['IN TRANSIT', 'IN_TRANSIT'],
  ['OUT FOR DELIVERY', 'OUT_FOR_DELIVERY'],
  ['DELIVERED', 'DELIVERED'],
  ['RTO INITIATED', 'RTO_INITIATED'],
  ['RTO DELIVERED', 'RTO_DELIVERED'],
]);

export function shiprocketScanStatus(id: unknown, words: unknown): ScanStatus | null {
  const byId = typeof id === 'number' || typeof id === 'string' ? STATUS_BY_ID.get(String(id)) : undefined;
  if (byId) return byId;
  return typeof words === 'string' ? (STATUS_BY_WORDS.get(words.trim().toUpperCase().replace(/[_-]+/g, ' ')) ?? null) : null;
}

/** Shiprocket writes times as "2026-11-27 10:15:00" in India time. */
export function shiprocketTime(value: unknown): string | null {
  if (typeof value !== 'string' || !value.trim()) return null;
  const text = value.trim();
  const local = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}(?::\d{2})?)$/.exec(text);
  const date = local ? new Date(`${local[1]}T${local[2]}${local[2]!.length === 5 ? ':00' : ''}+05:30`) : new Date(text);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

type Json = Record<string, unknown>;

/**
 * The scan in Shiprocket's tracking webhook body ({awb, current_status, shipment_status_id, current_timestamp, scans}),
 * or null when it carries none the shop acts on. The key is the status and its time, the same on every repeat.
 */
export function shiprocketScanFromWebhook(body: unknown): CourierScan | null {
  if (!body || typeof body !== 'object') return null;
  const b = body as Json;
  const awb = typeof b.awb === 'string' || typeof b.awb === 'number' ? String(b.awb) : '';
  const status = shiprocketScanStatus(b.shipment_status_id ?? b.current_status_id, b.shipment_status ?? b.current_status);
  const at = shiprocketTime(b.current_timestamp);
  // A NUL cannot be stored or looked up (PostgreSQL refuses it in text), and no AWB the shop gave out holds one.
  if (!awb || awb.includes('\u0000') || !status || !at) return null;
  const scans = Array.isArray(b.scans) ? (b.scans as Json[]) : [];
  const last = scans[scans.length - 1];
  const location = typeof last?.location === 'string' ? last.location : '';
  return { awb, status, at, location, key: `${status}@${at}` };
}
