import { CANCELLED_AT_CONFIRMATION_REASON, NOT_CONFIRMED_REASON } from '../../../domain/messages-and-confirmation';
import { CUSTOMER_STATUS_LABELS, ORDER_STATUSES, type OrderStatus } from '../../../domain/order-status';

/** What GET /api/order/{orderid}/confirm tells the page about the order. */
export interface ConfirmPreview {
  status: string;
  confirmation: 'PENDING' | 'CONFIRMED' | null;
  cancelReason: string | null;
  open: boolean;
}

/** What the customer did on this visit: nothing yet, or the order as the answer left it. */
export type ConfirmAnswered = { status: string } | null;

export interface ConfirmOutcome {
  /** Whether the order still waits for the customer's answer (the question and its buttons show). */
  asking: boolean;
  /** Whether cash is still to be paid at the door (the amount shows). */
  payable: boolean;
  /** The one sentence that says where the order stands; null while the question is asked. */
  message: { tone: 'success' | 'info' | 'warning'; text: string } | null;
}

/**
 * Where the order stands, said once. The answer given on this visit wins over the order as first read, which the
 * page reads again after answering: otherwise the same news would be said twice, once for the answer and once for
 * the order.
 */
export function confirmOutcome(preview: ConfirmPreview, answered: ConfirmAnswered): ConfirmOutcome {
  if (answered) {
    return answered.status === 'CANCELLED'
      ? { asking: false, payable: false, message: { tone: 'info', text: 'Your order is cancelled. Nothing is due.' } }
      : { asking: false, payable: true, message: { tone: 'success', text: 'Thank you! Your order is confirmed and we are packing it.' } };
  }
  if (preview.status === 'CANCELLED') return { asking: false, payable: false, message: { tone: 'info', text: cancelledText(preview.cancelReason) } };
  if (preview.confirmation === 'CONFIRMED') {
    return { asking: false, payable: stillToPay(preview.status), message: { tone: 'success', text: alreadyConfirmedText(preview.status) } };
  }
  if (preview.open) return { asking: true, payable: true, message: null };
  if (preview.confirmation === 'PENDING') {
    return {
      asking: false,
      payable: false,
      message: {
        tone: 'warning',
        text: 'The time to confirm this order has ended, so it is being cancelled and nothing is due. You are welcome to order again.',
      },
    };
  }
  return { asking: false, payable: stillToPay(preview.status), message: { tone: 'info', text: 'This order does not need confirming.' } };
}

const isStatus = (status: string): status is OrderStatus => (ORDER_STATUSES as readonly string[]).includes(status);

/** Cash is paid at the door, so it is due until the order is delivered (or comes back). */
const stillToPay = (status: string) => status === 'PREPARATION' || status === 'READY' || status === 'OUTFORDELIVERY';

// The link stays in the mail: it may be opened again long after the order left the kitchen.
function alreadyConfirmedText(status: string): string {
  if (status === 'PREPARATION' || !isStatus(status)) return 'This order is already confirmed and we are packing it.';
  return `This order is already confirmed. Where it is now: ${CUSTOMER_STATUS_LABELS[status].toLowerCase()}.`;
}

function cancelledText(reason: string | null): string {
  if (reason === NOT_CONFIRMED_REASON) {
    return 'This order was cancelled because it was not confirmed in time, so nothing is due. You are welcome to order again.';
  }
  if (reason === CANCELLED_AT_CONFIRMATION_REASON) return 'You cancelled this order when asked to confirm it. Nothing is due.';
  return `This order is cancelled${reason ? ` (${reason})` : ''}. Nothing is due.`;
}
