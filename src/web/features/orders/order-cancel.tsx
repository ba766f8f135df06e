import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { toast } from 'react-toastify';
import { formatRupees } from '../../../domain/display';
import { CANCEL_REASONS } from '../../../domain/order-status';
import { isCustomerCancellable, type OrderWithRefunds } from '../../../domain/refunds';
import type { Order } from '../../../domain/schemas/order';
import { api } from '../../lib/api-client';
import { MY_ORDERS_KEY } from '../../lib/query-keys';
import { orderRefundsKey } from './order-refunds';

/** Cancel button with its confirmation: a reason from the short list, then "Yes, cancel". */
export function OrderCancel({ order }: { order: Order }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<string>(CANCEL_REASONS[0]);
  const queryClient = useQueryClient();
  // The mutation's pending state reaches the button only after a render; the second click of a double click comes
  // before it. This flag is set at once, so that click sends nothing (and no second "cancelled" toast shows).
  const sending = useRef(false);
  const cancel = useMutation({
    mutationFn: () => api.post<OrderWithRefunds>(`/api/order/${order.orderid}/cancel`, { reason }),
    onSuccess: async (answer) => {
      toast.success('Your order is cancelled.');
      setOpen(false);
      // The answer already carries the refund the cancellation started: show it without asking again.
      queryClient.setQueryData(orderRefundsKey(order.orderid), answer);
      await queryClient.invalidateQueries({ queryKey: MY_ORDERS_KEY });
    },
    onError: (error: Error) => toast.error(error.message),
    onSettled: () => {
      sending.current = false;
    },
  });
  function confirmCancel() {
    if (sending.current) return;
    sending.current = true;
    cancel.mutate();
  }
  if (!isCustomerCancellable(order)) return null;
  if (!open) {
    return (
      <button type="button" className="btn btn-outline-danger btn-sm" onClick={() => setOpen(true)}>
        Cancel order
      </button>
    );
  }
  return (
    <div className="border rounded p-2 mt-2" role="group" aria-label="Cancel this order">
      <label className="form-label small mb-1" htmlFor={`cancel-reason-${order.id}`}>
        Why are you cancelling?
      </label>
      <select id={`cancel-reason-${order.id}`} className="form-select form-select-sm mb-2" value={reason} onChange={(e) => setReason(e.target.value)}>
        {CANCEL_REASONS.map((r) => (
          <option key={r}>{r}</option>
        ))}
      </select>
      <p className="small mb-2">
        {order.paymentstatus === 'PAID' ? `The full ${formatRupees(order.totalAmount)} goes back to how you paid.` : 'Nothing is charged.'}
      </p>
      <div className="d-flex gap-2">
        <button type="button" className="btn btn-danger btn-sm" disabled={cancel.isPending} onClick={confirmCancel}>
          Yes, cancel the order
        </button>
        <button type="button" className="btn btn-outline-secondary btn-sm" onClick={() => setOpen(false)}>
          Keep it
        </button>
      </div>
    </div>
  );
}
