import { PAYMENT_MODE_LABELS } from '../../../domain/constants';
import { displayPaymentId, orderNumber, formatRupees, formatShopDate, formatShopDateTime, formatSize } from '../../../domain/display';
import { SCREENS } from '../../../domain/messages';
import { CUSTOMER_STATUS_LABELS, PAYMENT_STANDING_WORDS, isAwaitingPayment, paymentStanding, type PaymentStanding } from '../../../domain/order-status';
import { refundedWords, refundOnItsWayWords, refundProgress } from '../../../domain/refunds';
import type { Order } from '../../../domain/schemas/order';
import { InvoiceButton } from '../../components/invoice-button';
import { OrderCancel } from './order-cancel';
import { OrderConfirm } from './order-confirm';
import { OrderRefunds, useOrderRefunds } from './order-refunds';
import { OrderTracker } from './order-tracker';
import { ChargesTable } from '../../components/charges-table';
import { OrderReviewLinks } from '../reviews/order-review-links';
import { PayNowButton } from './pay-now-button';
import { ShipmentScans } from './shipment-scans';

const PAYMENT_TONE: Record<PaymentStanding, string> = {
  PAID: 'text-bg-success',
  PAID_ON_DELIVERY: 'text-bg-success',
  DUE_ON_DELIVERY: 'text-bg-secondary',
  NONE_DUE: 'text-bg-light border',
  PENDING: 'text-bg-warning',
  FAILED: 'text-bg-danger',
};

export function OrderCard({ order }: { order: Order }) {
  // The refunds' own answer is asked again while money is on its way, so it knows first when the money went back.
  const money = useOrderRefunds(order).data ?? order;
  const refunded = refundedWords(money);
  const { onItsWay } = refundProgress(money);
  const standing = paymentStanding(order);
  const payment = refunded ? { label: refunded, tone: 'text-bg-info' } : { label: PAYMENT_STANDING_WORDS[standing], tone: PAYMENT_TONE[standing] };
  const orderId = orderNumber(order.id);
  // Unpaid online orders are not being prepared: no tracker, and the way to pay instead. Nothing is delivered
  // after a cancellation either, so a cancelled order shows no tracker.
  const unpaid = isAwaitingPayment(order);
  return (
    <article className="card shadow-sm border-0 order-card" aria-labelledby={`order-${order.id}`}>
      <header className="card-header bg-cream border-0 py-3">
        <div className="d-flex flex-wrap justify-content-between gap-2">
          <h2 className="h6 mb-0" id={`order-${order.id}`} tabIndex={-1}>
            Order <span className="font-monospace">{orderId}</span>
          </h2>
          {/* The customer's screens write a moment one way: the confirm page's deadline reads the same. */}
          <time className="small text-body-secondary" dateTime={order.createdAt} data-testid="order-placed-at">
            {formatShopDateTime(order.createdAt) || formatShopDate(order.createdAt)}
          </time>
        </div>
        <dl className="order-meta small mb-0 mt-2">
          <div>
            <dt>Payment ID</dt>
            <dd className="font-monospace">{displayPaymentId(order.paymentid) || '—'}</dd>
          </div>
          <div>
            <dt>Status</dt>
            <dd>{unpaid ? SCREENS.awaitingPayment : CUSTOMER_STATUS_LABELS[order.status]}</dd>
          </div>
          <div>
            <dt>Payment mode</dt>
            <dd>
              {PAYMENT_MODE_LABELS[order.paymentmode]} <span className={`badge ${payment.tone}`}>{payment.label}</span>
              {onItsWay > 0 ? (
                <>
                  {' '}
                  <span className="badge text-bg-light border text-wrap" data-testid="refund-on-its-way">
                    {refundOnItsWayWords(onItsWay)}
                  </span>
                </>
              ) : null}
            </dd>
          </div>
        </dl>
      </header>
      <div className="card-body">
        {order.status === 'CANCELLED' || order.status === 'RETURNED' ? (
          <p className="alert alert-light border py-2 mb-0 small" data-testid="order-cancelled">
            {order.status === 'CANCELLED' ? 'This order was cancelled.' : 'The courier could not deliver this order and returned it to us.'}
          </p>
        ) : unpaid ? (
          <PayNowButton orderid={order.orderid} />
        ) : (
          <OrderTracker status={order.status} />
        )}
        {order.shipment ? <div className="mt-2"><ShipmentScans {...order.shipment} /></div> : null}
        <OrderConfirm order={order} headingId={`order-${order.id}`} />
        <div className="row g-3 mt-1">
          <div className="col-md-5">
            <h3 className="h6">Shipping address</h3>
            <p className="mb-2 small typed-text">
              {order.username}
              <br />
              {order.address}
              <br />
              {order.district}, {order.state} {order.pincode}
            </p>
            <h3 className="h6">Contact</h3>
            <p className="mb-0 small typed-text">
              {order.mobilenumber}
              <br />
              {order.emailaddress}
            </p>
          </div>
          <div className="col-md-7">
            <h3 className="h6">Items</h3>
            <table className="table table-sm mb-2 small">
              <thead>
                <tr>
                  <th scope="col">Item</th>
                  <th scope="col">Size</th>
                  <th scope="col">Qty</th>
                  {/* The line's amount (price × bottles), as the cart and the order summary call it. */}
                  <th scope="col" className="text-end">
                    Total
                  </th>
                </tr>
              </thead>
              <tbody>
                {order.items.map((item) => (
                  <tr key={`${item.name}-${item.quantity}-${item.finalPrice}`}>
                    <td>{item.name}</td>
                    <td>{formatSize(item.quantity)}</td>
                    <td>{item.itemQty}</td>
                    <td className="text-end">{formatRupees(item.finalPrice * item.itemQty)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            {/* The charges as the order summary showed them, kept to the right under the items' totals. */}
            <div className="row g-0 justify-content-end">
              <div className="col-sm-9 col-lg-8">
                <ChargesTable charges={{ ...order, total: order.totalAmount }} className="mb-0" />
              </div>
            </div>
            {order.invoiceNumber ? (
              <p className="text-end small mt-2 mb-0">
                Tax invoice {order.invoiceNumber} <InvoiceButton orderid={order.orderid} invoiceNumber={order.invoiceNumber} />
              </p>
            ) : null}
            <OrderReviewLinks order={order} />
            {order.note ? <p className="small text-body-secondary mt-2 mb-0 typed-text">Note: {order.note}</p> : null}
            <div className="mt-2">
              <OrderRefunds order={order} />
              <OrderCancel order={order} />
            </div>
          </div>
        </div>
      </div>
    </article>
  );
}
