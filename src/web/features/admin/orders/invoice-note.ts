import { awaitsOnlinePayment, INVOICED_STATUSES, ORDER_STATUS_LABELS } from '../../../../domain/order-status';
import type { Order } from '../../../../domain/schemas/order';

const SETTINGS_PLACE = 'Settings → Business details';

/**
 * Why an order has no tax invoice, as the admin's order page says it. It follows the server's rule
 * (invoice-service.ts): an order is invoiced when paid online or first set Ready, and only once the business details
 * are filled in; `businessFilled` is undefined while those details are loading or could not be read.
 */
export function missingInvoiceNote(order: Pick<Order, 'status' | 'paymentmode' | 'paymentstatus'>, businessFilled: boolean | undefined): string {
  if (order.status === 'CANCELLED') return 'No tax invoice was issued for this order, and a cancelled order gets none.';
  if (order.status === 'RETURNED') return 'No tax invoice was issued for this order, and a returned order gets none.';
  const fillFirst =
    businessFilled === false ? ` The business details must be filled in first (${SETTINGS_PLACE}): until they are, invoices are held back.` : '';
  if (awaitsOnlinePayment(order)) return `No invoice yet: it is issued when the customer's online payment arrives.${fillFirst}`;
  const due = INVOICED_STATUSES.includes(order.status) || order.paymentmode === 'ONLINE';
  if (!due) return `No invoice yet: it is issued when the order is set ${ORDER_STATUS_LABELS.READY}.${fillFirst}`;
  // Due but not issued: it was held back for the business details. Only a later status change to Ready or beyond
  // issues it, so a paid order still in preparation gets it when set Ready.
  const next =
    order.status === 'PREPARATION' ? `it is issued when the order is set ${ORDER_STATUS_LABELS.READY}` : "the order's next status update issues it";
  if (businessFilled === false) {
    return `No invoice yet: tax invoices are held back until the business details are filled in (${SETTINGS_PLACE}). Once they are, ${next}.`;
  }
  if (businessFilled === true) return `No invoice yet: it was held back while the business details were not filled in; ${next}.`;
  return `No invoice yet: once the business details are filled in (${SETTINGS_PLACE}), ${next}.`;
}
