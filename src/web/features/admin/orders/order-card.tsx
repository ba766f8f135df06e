import { PAYMENT_MODE_LABELS } from '../../../../domain/constants';
import { formatRupees, orderNumber, orderDate, orderTime } from '../../../../domain/display';
import { ORDER_STATUS_LABELS } from '../../../../domain/order-status';
import { refundedWords, refundOnItsWayWords, refundProgress } from '../../../../domain/refunds';
import type { Order } from '../../../../domain/schemas/order';
import { autoCancelWords } from './confirmation-words';
import { paymentStatusLabel, STATUS_BADGE_CLASS } from './order-labels';
import { awaitsConfirmation, shipBlockedWords } from './ship-selected';

/** One order in the admin list: name in capitals, Order # without its prefix, date, time, how it is paid, View. */
export function OrderCard({ order, onView, picked }: { order: Order; onView: (order: Order) => void; picked?: { checked: boolean; onToggle: () => void } }) {
  const shortId = orderNumber(order.id);
  const { processed, onItsWay } = refundProgress(order);
  const notShippable = picked ? null : shipBlockedWords(order);
  const deadline = autoCancelWords(order);
  return (
    <li className="admin-order-card card">
      <div className="card-body">
        {picked && (
          <input type="checkbox" className="form-check-input admin-order-card-pick" checked={picked.checked} onChange={picked.onToggle} aria-label={`Select order ${shortId} to ship`} />
        )}
        <div className="admin-order-card-main">
          <h3 className="admin-order-card-name">{order.username.toUpperCase()}</h3>
          <p className="admin-order-card-id mb-1">Order # {shortId}</p>
          <p className="admin-order-card-when mb-0">
            <span>{orderDate(order.createdAt)}</span>
            <span aria-hidden="true"> · </span>
            <span>{orderTime(order.createdAt)}</span>
          </p>
          <p className="admin-order-card-payment small mb-0" data-testid="order-payment">
            {PAYMENT_MODE_LABELS[order.paymentmode]} · {refundedWords(order) ?? paymentStatusLabel(order)}
            {processed ? <span className="admin-order-card-refund"> · Refunded {formatRupees(processed)}</span> : null}
            {onItsWay ? <span className="admin-order-card-refund"> · {refundOnItsWayWords(onItsWay)}</span> : null}
          </p>
          {notShippable ? (
            <p className="admin-order-card-note small mb-0" data-testid="order-ship-blocked">
              {notShippable}
            </p>
          ) : null}
          {deadline ? (
            <p className="admin-order-card-note small mb-0" data-testid="order-confirm-by">
              {deadline}
            </p>
          ) : null}
        </div>
        <div className="admin-order-card-side">
          {order.refundFailed ? (
            <span className="status-badge status-failed" data-testid="refund-failed-badge" title="A refund of this order failed at the gateway: open it and retry">
              Refund failed
            </span>
          ) : null}
          {awaitsConfirmation(order) ? (
            <span className="status-badge status-to-confirm" data-testid="to-confirm-badge">
              To confirm
            </span>
          ) : null}
          <span className={`status-badge ${STATUS_BADGE_CLASS[order.status]}`}>{ORDER_STATUS_LABELS[order.status]}</span>
          <span className="admin-order-card-total">{formatRupees(order.totalAmount)}</span>
          <button type="button" className="btn btn-amber btn-sm" aria-label={`View order ${shortId}`} data-view-order={order.orderid} onClick={() => onView(order)}>
            View
          </button>
        </div>
      </div>
    </li>
  );
}
