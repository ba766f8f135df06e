import { useQuery } from '@tanstack/react-query';
import { formatRupees } from '../../../domain/display';
import { REFUND_STATUS_WORDS, type OrderWithRefunds } from '../../../domain/refunds';
import type { Order } from '../../../domain/schemas/order';
import { CreditNoteList } from '../../components/credit-note-list';
import { api } from '../../lib/api-client';

/** The customer's copy of an order's refunds; cancelling fills it with its own answer. */
export const orderRefundsKey = (orderid: string) => ['order-refunds', orderid] as const;

/** A pending refund moves within seconds (sandbox) to days; look again now and then while the page is open. */
const PENDING_POLL_MS = 3000;

/**
 * "Refund of Rs. X initiated / processed" for an order that was paid online and cancelled or refunded, and the credit
 * notes issued against its invoice, each with its PDF.
 */
export function OrderRefunds({ order }: { order: Order }) {
  // Only a cancelled or delivered order that was paid online, or invoiced, can have refunds or credit notes.
  const settled = order.status === 'CANCELLED' || order.status === 'DELIVERED' || (order.status as string) === 'RETURNED';
  const relevant = settled && ((order.paymentmode === 'ONLINE' && order.paymentstatus === 'PAID') || !!order.invoiceNumber);
  const refunds = useQuery({
    queryKey: orderRefundsKey(order.orderid),
    queryFn: () => api.get<OrderWithRefunds>(`/api/order/${encodeURIComponent(order.orderid)}/refunds`),
    enabled: relevant,
    // What cancelling filled in is fresh: the next look is the poll's, not one at once.
    staleTime: PENDING_POLL_MS,
    refetchInterval: (q) => (q.state.data?.refunds.some((r) => r.status === 'PENDING') ? PENDING_POLL_MS : false),
  });
  const list = refunds.data?.refunds ?? [];
  const notes = refunds.data?.creditNotes ?? [];
  if (!relevant || (list.length === 0 && notes.length === 0)) return null;
  return (
    <>
      <RefundLines list={list} />
      <CreditNoteList orderid={order.orderid} creditNotes={notes} />
    </>
  );
}

function RefundLines({ list }: { list: OrderWithRefunds['refunds'] }) {
  if (list.length === 0) return null;
  return (
    <ul className="list-unstyled small mb-2" data-testid="order-refunds" aria-label="Refunds">
      {list.map((r) => (
        <li key={r.refundId} className={r.status === 'FAILED' ? 'text-danger-emphasis' : 'text-success-emphasis'}>
          Refund of {formatRupees(r.amount)} {REFUND_STATUS_WORDS[r.status]}
          {r.status === 'PENDING' ? ' (banks take 5-7 working days to show it)' : ''}
          {r.status === 'FAILED' ? ': we will try again; contact us if it has not arrived in a week.' : ''}
        </li>
      ))}
    </ul>
  );
}
