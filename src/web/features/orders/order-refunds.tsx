import { useQuery } from '@tanstack/react-query';
import { formatRupees, formatShopDate } from '../../../domain/display';
import { SETTLEMENT_METHOD_WORDS } from '../../../domain/refund-settlement';
import { REFUND_STATUS_WORDS, type OrderWithRefunds } from '../../../domain/refunds';
import type { Order } from '../../../domain/schemas/order';
import { CreditNoteList } from '../../components/credit-note-list';
import { api } from '../../lib/api-client';

/** The customer's copy of an order's refunds; cancelling fills it with its own answer. */
export const orderRefundsKey = (orderid: string) => ['order-refunds', orderid] as const;

/** A pending refund moves within seconds (sandbox) to days; look again now and then while the page is open. */
const PENDING_POLL_MS = 3000;

// Only a cancelled or delivered order that was paid online, or invoiced, can have refunds or credit notes.
function mayHaveRefunds(order: Order): boolean {
  const settled = order.status === 'CANCELLED' || order.status === 'DELIVERED' || (order.status as string) === 'RETURNED';
  return settled && ((order.paymentmode === 'ONLINE' && order.paymentstatus === 'PAID') || !!order.invoiceNumber);
}

/**
 * The order with its refunds and credit notes, asked for only when it may have some, and again every few seconds
 * while a refund is on its way: the freshest word on where the money is (the order list is read once).
 */
export function useOrderRefunds(order: Order) {
  return useQuery({
    queryKey: orderRefundsKey(order.orderid),
    queryFn: () => api.get<OrderWithRefunds>(`/api/order/${encodeURIComponent(order.orderid)}/refunds`),
    enabled: mayHaveRefunds(order),
    // What cancelling filled in is fresh: the next look is the poll's, not one at once.
    staleTime: PENDING_POLL_MS,
    refetchInterval: (q) => (q.state.data?.refunds.some((r) => r.status === 'PENDING') ? PENDING_POLL_MS : false),
  });
}

/**
 * "Refund of Rs. X on its way / processed" for an order that was paid online and cancelled or refunded, and the
 * credit notes issued against its invoice, each with its PDF. A failed refund is the shop's to retry: the customer is
 * shown no money coming that is not.
 */
export function OrderRefunds({ order }: { order: Order }) {
  const refunds = useOrderRefunds(order);
  const list = (refunds.data?.refunds ?? []).filter((r) => r.status !== 'FAILED');
  const notes = refunds.data?.creditNotes ?? [];
  if (!mayHaveRefunds(order) || (list.length === 0 && notes.length === 0)) return null;
  return (
    <>
      <RefundLines list={list} />
      <CreditNoteList orderid={order.orderid} creditNotes={notes} formatDate={formatShopDate} />
    </>
  );
}

function RefundLines({ list }: { list: OrderWithRefunds['refunds'] }) {
  if (list.length === 0) return null;
  return (
    <ul className="list-unstyled small mb-2" data-testid="order-refunds" aria-label="Refunds">
      {list.map((r) => (
        <li key={r.refundId} className="text-success-emphasis">
          Refund of {formatRupees(r.amount)} {REFUND_STATUS_WORDS[r.status]}
          {r.status === 'PENDING' ? ' (banks take 5-7 working days to show it)' : ''}
          {r.settlement ? ` (paid by ${SETTLEMENT_METHOD_WORDS[r.settlement.method]}${r.settlement.reference ? `, ref ${r.settlement.reference}` : ''})` : ''}
        </li>
      ))}
    </ul>
  );
}
