import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { formatRupees } from '../../../domain/display';
import { CANCEL_REASONS } from '../../../domain/order-status';
import { REFUND_STATUS_WORDS } from '../../../domain/refunds';
import type { Order } from '../../../domain/schemas/order';
import { api } from '../../lib/api-client';
import { MY_ORDERS_KEY } from '../../lib/query-keys';

interface RefundView {
  refundId: string;
  amount: number;
  status: keyof typeof REFUND_STATUS_WORDS;
}

/** "Refund of Rs. X initiated / processed" for an order that was paid online and cancelled or refunded. */
export function OrderRefunds({ order }: { order: Order }) {
  const relevant = order.paymentmode === 'ONLINE' && order.paymentstatus === 'PAID' && (order.status === 'CANCELLED' || order.status === 'DELIVERED');
  const refunds = useQuery({
    queryKey: ['order-refunds', order.orderid],
    queryFn: () => api.get<{ refunds: RefundView[] }>(`/api/order/${order.orderid}/refunds`),
    enabled: relevant,
    // A pending refund moves within seconds to days; look again now and then while the page is open.
    refetchInterval: (q) => (q.state.data?.refunds.some((r) => r.status === 'PENDING') ? 5000 : false),
  });
  const list = refunds.data?.refunds ?? [];
  if (!relevant || list.length === 0) return null;
  return (
    <ul className="list-unstyled small mb-2" data-testid="order-refunds">
      {list.map((r) => (
        <li key={r.refundId} className={r.status === 'FAILED' ? 'text-danger' : 'text-success'}>
          Refund of {formatRupees(r.amount)} {REFUND_STATUS_WORDS[r.status]}
          {r.status === 'PENDING' ? ' (banks take 5-7 working days to show it)' : ''}
        </li>
      ))}
    </ul>
  );
}

/** Cancel button with its confirmation: a reason from the short list, then "Yes, cancel". */
export function OrderCancel({ order }: { order: Order }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<string>(CANCEL_REASONS[0]);
  const queryClient = useQueryClient();
  const cancel = useMutation({
    mutationFn: () => api.post<Order>(`/api/order/${order.orderid}/cancel`, { reason }),
    onSuccess: async () => {
      toast.success('Your order is cancelled.');
      setOpen(false);
      await queryClient.invalidateQueries({ queryKey: MY_ORDERS_KEY });
      await queryClient.invalidateQueries({ queryKey: ['order-refunds', order.orderid] });
    },
    onError: (error: Error) => toast.error(error.message),
  });
  if (order.status !== 'PREPARATION') return null;
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
        <button type="button" className="btn btn-danger btn-sm" disabled={cancel.isPending} onClick={() => cancel.mutate()}>
          Yes, cancel the order
        </button>
        <button type="button" className="btn btn-outline-secondary btn-sm" onClick={() => setOpen(false)}>
          Keep it
        </button>
      </div>
    </div>
  );
}
