import { PAYMENT_MODE_LABELS } from '../../domain/constants';
import { displayOrderId, displayPaymentId, orderDate, orderLabel, orderTime } from '../../domain/display';
import { ORDER_STATUS_LABELS } from '../../domain/order-status';
import { refundProgress } from '../../domain/refunds';
import type { Order } from '../../domain/schemas/order';

// Spreadsheet apps run a cell that starts with one of these as a formula (OWASP "CSV injection");
// customer names, addresses and notes are typed by anyone.
const FORMULA_START = /^[=+\-@\t\r]/;

/** One CSV field (RFC 4180), neutralised against formula injection. */
export function csvCell(value: string | number): string {
  if (typeof value === 'number') return String(value);
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function csvRow(cells: readonly (string | number)[]): string {
  return cells.map(csvCell).join(',') + '\r\n';
}

export const ORDER_CSV_HEADER = [
  'Order ID',
  'Date',
  'Time',
  'Customer',
  'Email',
  'Mobile',
  'Address',
  'District',
  'State',
  'Pincode',
  'Status',
  'Payment mode',
  'Payment status',
  'Payment ID',
  'Receipt',
  'Items',
  'Subtotal (Rs.)',
  'Delivery (Rs.)',
  'COD fee (Rs.)',
  'Discount (Rs.)',
  'Coupon',
  'Total (Rs.)',
  'Note',
  // Columns are only ever appended, so spreadsheets and scripts built on the earlier ones keep reading them where
  // they were.
  'Order number',
  'Refunded (Rs.)',
] as const;

/**
 * An order as one spreadsheet row; ids and dates as the dashboard shows them (shop time). "Refunded" is money that
 * went back, as on every screen (decision 082): a refund still on its way is not in it.
 */
export function orderCsvCells(order: Order): (string | number)[] {
  return [
    displayOrderId(order.orderid),
    orderDate(order.createdAt),
    orderTime(order.createdAt),
    order.username,
    order.emailaddress,
    order.mobilenumber,
    order.address,
    order.district,
    order.state,
    order.pincode,
    ORDER_STATUS_LABELS[order.status],
    PAYMENT_MODE_LABELS[order.paymentmode],
    order.paymentstatus,
    displayPaymentId(order.paymentid),
    order.receipt,
    order.items.map((i) => `${i.name} - ${i.quantity} ml - ${i.itemQty} qty`).join('; '),
    order.subtotal,
    order.deliveryFee,
    order.codFee,
    order.discount,
    order.couponCode ?? '',
    order.totalAmount,
    order.note,
    orderLabel(order),
    refundProgress(order).processed,
  ];
}
