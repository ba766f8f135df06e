import { PAYMENT_MODE_LABELS } from '../../domain/constants';
import { displayOrderId, displayPaymentId, orderDate, orderLabel, orderTime } from '../../domain/display';
import { ORDER_STATUS_LABELS } from '../../domain/order-status';
import { refundProgress } from '../../domain/refunds';
import type { Order } from '../../domain/schemas/order';

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
