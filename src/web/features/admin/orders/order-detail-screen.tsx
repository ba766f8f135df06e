import { useEffect, useId, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { adminOrderPath } from '../../../../domain/app-routes';
import { orderNumber, parseOrderNumber } from '../../../../domain/display';
import type { Order } from '../../../../domain/schemas/order';
import { LoadError } from '../../../components/load-error';
import { ApiError } from '../../../lib/api-client';
import { usePageTitle } from '../../../lib/use-page-title';
import { useAdminOrders } from '../api/orders-api';
import { useAdminOrder } from '../api/refunds-api';
import { LoadingDots } from '../ui/loading-dots';
import { OrderDetail, orderPageTitle } from './order-detail';

interface OrderDetailScreenProps {
  /** The order id of the address, or an order number typed or pasted in its place (GS-1043). */
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
  usePageTitle(orderPageTitle('No such order'));
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

function LoadingOrder() {
  usePageTitle(orderPageTitle('Order'));
  return <LoadingDots label="Loading the order" />;
}

/**
 * The order at its own address (/admin/orders/{orderid}): opened from the list, from a pasted link, or on reload.
 * An order number in the address (what people read and type) is looked up and replaced by the order's id.
 */
export function OrderDetailScreen(props: OrderDetailScreenProps) {
  if (parseOrderNumber(props.orderid) !== undefined) return <OrderByNumber typed={props.orderid} onBack={props.onBack} />;
  return <OrderById {...props} />;
}

function OrderById({ orderid, listed, onBack }: OrderDetailScreenProps) {
  const detail = useAdminOrder(orderid);
  const order = detail.data ?? listed;
  // A 400 is an id the API cannot read at all: to the owner it is the same wrong link.
  const missing = detail.error instanceof ApiError && (detail.error.status === 404 || detail.error.status === 400);
  if (order) return <OrderDetail key={orderid} order={order} onBack={onBack} />;
  if (detail.isPending) return <LoadingOrder />;
  if (missing) return <NoSuchOrder orderid={orderid} onBack={onBack} />;
  return <LoadFailed message={detail.error?.message} onRetry={() => void detail.refetch()} onBack={onBack} />;
}

/**
 * /admin/orders/GS-1043: the list's search finds an order by its number (decision 075), in every list, so the
 * dashboard asks it rather than a call of its own; the address then becomes the order's, and Back skips the number.
 */
function OrderByNumber({ typed, onBack }: { typed: string; onBack: () => void }) {
  const number = orderNumber(parseOrderNumber(typed) ?? 0);
  const found = useAdminOrders({ filter: '', q: number, sort: 'newest', page: 1 });
  const order = found.data?.items.find((o) => orderNumber(o.id) === number);
  const navigate = useNavigate();
  const location = useLocation();
  const target = order?.orderid;
  useEffect(() => {
    if (target) void navigate(adminOrderPath(target), { replace: true, state: location.state });
  }, [target, navigate, location.state]);
  if (found.isPending || found.isPlaceholderData || target) return <LoadingOrder />;
  if (found.isError) return <LoadFailed message={found.error.message} onRetry={() => void found.refetch()} onBack={onBack} />;
  return <NoSuchOrder orderid={typed} onBack={onBack} />;
}

function LoadFailed({ message, onRetry, onBack }: { message: string | undefined; onRetry: () => void; onBack: () => void }) {
  usePageTitle(orderPageTitle('Order'));
  return (
    <div>
      <div className="mb-3">
        <BackButton onBack={onBack} />
      </div>
      <LoadError onRetry={onRetry}>The order could not be loaded: {message}</LoadError>
    </div>
  );
}
