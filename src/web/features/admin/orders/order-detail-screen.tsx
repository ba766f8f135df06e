import { useEffect, useId, useRef } from 'react';
import type { Order } from '../../../../domain/schemas/order';
import { LoadError } from '../../../components/load-error';
import { ApiError } from '../../../lib/api-client';
import { useAdminOrder } from '../api/refunds-api';
import { LoadingDots } from '../ui/loading-dots';
import { OrderDetail } from './order-detail';

interface OrderDetailScreenProps {
  orderid: string;
  /** The list's copy when the order was opened from it: shown at once, while the fresh one loads. */
  listed: Order | undefined;
  onBack: () => void;
}

function BackButton({ onBack }: { onBack: () => void }) {
  return (
    <button type="button" className="btn btn-outline-amber btn-sm" onClick={onBack}>
      <span aria-hidden="true">← </span>Back to Orders
    </button>
  );
}

/** A link to an order the shop does not have (mistyped, cut short, or from another shop's database). */
function NoSuchOrder({ orderid, onBack }: { orderid: string; onBack: () => void }) {
  const titleId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <article className="order-detail" aria-labelledby={titleId} data-testid="no-such-order">
      <div className="mb-3">
        <BackButton onBack={onBack} />
      </div>
      <h3 id={titleId} ref={headingRef} tabIndex={-1} className="h4 mb-2 detail-title">No such order</h3>
      <p className="mb-0 text-break">
        There is no order “{orderid}” in the shop. The link may be mistyped or cut short: go back to Your Orders and
        search for the order by its number (GS-…), its order id or the customer’s name.
      </p>
    </article>
  );
}

/** The order at its own address (/admin/orders/{orderid}): opened from the list, from a pasted link, or on reload. */
export function OrderDetailScreen({ orderid, listed, onBack }: OrderDetailScreenProps) {
  const detail = useAdminOrder(orderid);
  const order = detail.data ?? listed;
  if (order) return <OrderDetail key={orderid} order={order} onBack={onBack} />;
  if (detail.isPending) return <LoadingDots label="Loading the order" />;
  // A 400 is an id the API cannot read at all: to the owner it is the same wrong link.
  const missing = detail.error instanceof ApiError && (detail.error.status === 404 || detail.error.status === 400);
  if (missing) return <NoSuchOrder orderid={orderid} onBack={onBack} />;
  return (
    <div>
      <div className="mb-3">
        <BackButton onBack={onBack} />
      </div>
      <LoadError onRetry={() => void detail.refetch()}>The order could not be loaded: {detail.error?.message}</LoadError>
    </div>
  );
}
