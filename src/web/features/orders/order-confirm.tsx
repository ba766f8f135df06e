import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { toast } from 'react-toastify';
import { formatShopDateTime } from '../../../domain/display';
import type { Order } from '../../../domain/schemas/order';
import { api } from '../../lib/api-client';
import { MY_ORDERS_KEY } from '../../lib/query-keys';

// The server is the judge (410 after the window); this only spares the customer a button that can no longer work.
const windowOpen = (confirmBy: string | null | undefined) => !confirmBy || Date.parse(confirmBy) > Date.now();

/**
 * A cash on delivery order waiting for its customer's "yes" (decision 068): by when, and "Confirm my order" for the
 * signed-in customer, who needs no link for it. Cancelling stays with the card's own "Cancel order".
 */
export function OrderConfirm({ order, headingId }: { order: Order; headingId: string }) {
  const queryClient = useQueryClient();
  // As with Cancel: a double click's second click comes before the pending state reaches the button.
  const sending = useRef(false);
  const confirm = useMutation({
    mutationFn: () => api.post<Order>(`/api/order/${encodeURIComponent(order.orderid)}/confirm`, { answer: 'CONFIRM' }),
    onSuccess: async () => {
      toast.success('Thank you! Your order is confirmed and we are packing it.');
      await queryClient.invalidateQueries({ queryKey: MY_ORDERS_KEY });
      // The button is gone with the question: the keyboard goes back to the order it was about.
      document.getElementById(headingId)?.focus();
    },
    // Refused (the time ran out, or the order changed meanwhile): the server says why, and the list shows where it stands.
    onError: async (error: Error) => {
      toast.error(error.message);
      await queryClient.invalidateQueries({ queryKey: MY_ORDERS_KEY });
    },
    onSettled: () => {
      sending.current = false;
    },
  });
  if (order.confirmation !== 'PENDING' || order.status === 'CANCELLED') return null;
  const by = order.confirmBy ? formatShopDateTime(order.confirmBy) : '';
  if (!windowOpen(order.confirmBy)) {
    return (
      <p className="alert alert-light border py-2 mt-2 mb-0 small" data-testid="order-to-confirm">
        The time to confirm this order has ended, so it is being cancelled and nothing is due.
      </p>
    );
  }
  return (
    <div className="alert alert-warning py-2 mt-2 mb-0 small d-flex flex-wrap align-items-center gap-2" data-testid="order-to-confirm">
      <p className="mb-0 flex-grow-1 order-confirm-ask">
        Please confirm this cash on delivery order{by ? ` by ${by}` : ''}, so we can pack it. Without an answer{by ? ' by then' : ' in time'} it
        is cancelled.
      </p>
      <button
        type="button"
        className="btn btn-amber btn-sm"
        disabled={confirm.isPending}
        onClick={() => {
          if (sending.current) return;
          sending.current = true;
          confirm.mutate();
        }}
      >
        Confirm my order
      </button>
    </div>
  );
}
