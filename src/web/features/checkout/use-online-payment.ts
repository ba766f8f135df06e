import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { TOASTS } from '../../../domain/messages';
import type { Order } from '../../../domain/schemas/order';
import { ApiError } from '../../lib/api-client';
import { MY_ORDERS_KEY } from '../../lib/query-keys';
import { confirmPayment, payExistingOrder, type PaymentAttempt } from './place-order';

// Fixed ids, so the processing toasts can be dismissed the moment the outcome is known and never stack.
const PROCESSING_TOAST = 'payment-processing';
const CONFIRMING_TOAST = 'payment-confirming';

/** What the result pages are handed: the order they are about (success), or the one to try again (failure). */
export interface SuccessState {
  order?: Order;
}
export interface FailureState {
  reason?: string;
  orderid?: string;
  /** The checkout's own order: paying it on a retry ends the checkout (cart cleared). */
  fromCheckout?: boolean;
}

/** Closed by the customer: the order stays, unpaid, and the screen says so. Otherwise the run went to another screen. */
export interface DismissedPayment {
  kind: 'dismissed';
  orderid: string;
  orderNumber: string;
}
export type PaymentRun = DismissedPayment | { kind: 'finished' };
const FINISHED: PaymentRun = { kind: 'finished' };

/**
 * The online payment as SPEC.md tells it, shared by the order summary, Pay now in Your Orders and Try again:
 * processing toast, the dialog, then either /failure (which says "Payment Failed: " and why), or the confirmation
 * and /success. `onPaid` runs once the server has accepted the payment.
 */
export function useOnlinePayment() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  async function run(open: () => Promise<PaymentAttempt>, options: { fromCheckout: boolean; onPaid?: () => void }): Promise<PaymentRun> {
    toast.info(TOASTS.paymentProcessing, { toastId: PROCESSING_TOAST });
    try {
      const { orderid, orderNumber, outcome } = await open();
      if (outcome.kind === 'dismissed') {
        // Your Orders lists it (with Pay now) from here on.
        void queryClient.invalidateQueries({ queryKey: MY_ORDERS_KEY });
        return { kind: 'dismissed', orderid, orderNumber };
      }
      if (outcome.kind === 'failed') {
        toast.dismiss(PROCESSING_TOAST);
        void queryClient.invalidateQueries({ queryKey: MY_ORDERS_KEY });
        // Said on the failure page itself (its alert), not in a browser dialog that blocks the page.
        const state: FailureState = { reason: outcome.description, orderid, fromCheckout: options.fromCheckout };
        navigate('/failure', { state });
        return FINISHED;
      }
      toast.dismiss(PROCESSING_TOAST);
      toast.info(TOASTS.paymentJustASecond, { toastId: CONFIRMING_TOAST });
      let order: Order;
      try {
        order = await confirmPayment(outcome);
      } catch (error) {
        // Paid for an order cancelled meanwhile: the server refunds it and says so; Your Orders shows the refund.
        if (!(error instanceof ApiError) || error.code !== 'ORDER_CANCELLED') throw error;
        void queryClient.invalidateQueries({ queryKey: MY_ORDERS_KEY });
        toast.error(error.message, { autoClose: false });
        navigate('/orders');
        return FINISHED;
      }
      options.onPaid?.();
      void queryClient.invalidateQueries({ queryKey: MY_ORDERS_KEY });
      const state: SuccessState = { order };
      navigate('/success', { state });
      return FINISHED;
    } finally {
      toast.dismiss(PROCESSING_TOAST);
      toast.dismiss(CONFIRMING_TOAST);
    }
  }

  return {
    run,
    /** Pay now / Try again on an order that exists already. */
    payOrder: (orderid: string, options: { fromCheckout: boolean; onPaid?: () => void }) =>
      run(() => payExistingOrder(orderid, queryClient), options),
  };
}
