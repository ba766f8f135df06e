import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { toast } from 'react-toastify';
import { PAYMENT_MODE_LABELS } from '../../../../domain/constants';
import { displayOrderId, displayPaymentId, orderNumber, formatRupees, orderDate, orderTime } from '../../../../domain/display';
import { TOASTS } from '../../../../domain/messages';
import { ORDER_STATUS_LABELS, SETTABLE_ORDER_STATUSES, type OrderStatus } from '../../../../domain/order-status';
import type { Order } from '../../../../domain/schemas/order';
import { businessIsFilled } from '../../../../domain/schemas/business';
import { refundedWords, refundOnItsWayWords, refundProgress } from '../../../../domain/refunds';
import type { OrderWithRefunds } from '../../../../domain/refunds';
import { ApiError } from '../../../lib/api-client';
import { usePageTitle } from '../../../lib/use-page-title';
import { InvoiceButton } from '../../../components/invoice-button';
import { useStatusMail } from '../api/orders-api';
import { adminOrderKey, useAdminOrder } from '../api/refunds-api';
import { OrderMoneySection } from './order-money-section';
import { OrderShippingSection } from './order-shipping-section';
import { missingInvoiceNote } from './invoice-note';
import { useBusiness } from '../api/business-api';
import { toastStatusMails } from './status-mail-toasts';
import { paymentStatusLabel, STATUS_BADGE_CLASS } from './order-labels';
import { ChargeLines } from '../../../components/charge-lines';
import { OrderConfirmationSection } from './order-confirmation';
import { ConfirmDialog } from '../../../components/confirm-dialog';

const UNCONFIRMED_QUESTION =
  'The customer has not confirmed this cash on delivery order yet. Move it on anyway? That counts as your confirmation.';

/** The tab's title on an order's address ("GS-1043 · Admin · Ghee Shop"): its number once it is known. */
export const orderPageTitle = (words: string) => `${words} · Admin`;

interface OrderDetailProps {
  order: Order;
  onBack: () => void;
}

/** "Paid", "Part refunded", "Refunded", with what is still on its way back: only money that went back reads refunded. */
function paymentStatusWords(order: Order): string {
  const words = refundedWords(order) ?? paymentStatusLabel(order);
  const { onItsWay } = refundProgress(order);
  return onItsWay > 0 ? `${words} · ${refundOnItsWayWords(onItsWay)}` : words;
}

function Field({ label, value }: { label: string; value: string }) {
  return (
    <div className="detail-field">
      <dt>{label}</dt>
      <dd>{value || '—'}</dd>
    </div>
  );
}

/**
 * Everything about one order, the status change that mails the customer, and cancelling and refunding. The list's
 * copy shows at once; the order is then read fresh with its refunds, and read again after every action.
 */
export function OrderDetail({ order: listed, onBack }: OrderDetailProps) {
  const detail = useAdminOrder(listed.orderid);
  // The same query as the dashboard's warning (already cached), to say why an invoice is missing.
  const business = useBusiness();
  const order: Order = detail.data ?? listed;
  const current = order.status;
  const [status, setStatus] = useState<OrderStatus>(current);
  const [shownStatus, setShownStatus] = useState<OrderStatus>(current);
  // The order changed on the server (cancelled, or a fresher copy than the list's): the menu follows it.
  if (current !== shownStatus) {
    setShownStatus(current);
    setStatus(current);
  }
  const queryClient = useQueryClient();
  const statusMail = useStatusMail();
  const selectId = useId();
  const shortId = orderNumber(order.id);
  usePageTitle(orderPageTitle(shortId));
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The list was replaced by this view: move focus here so keyboard and screen-reader users follow.
  useEffect(() => headingRef.current?.focus(), []);

  const [askUnconfirmed, setAskUnconfirmed] = useState(false);

  function updateStatus() {
    // Moving on an order the customer has not confirmed is the owner's call: ask first (it then counts as confirmed).
    if (order.confirmation === 'PENDING' && status !== 'PREPARATION') setAskUnconfirmed(true);
    else sendMail();
  }

  function sendMail() {
    setAskUnconfirmed(false);
    statusMail.mutate(
      { orderid: order.orderid, status },
      {
        onSuccess: (answer) => {
          queryClient.setQueryData<OrderWithRefunds>(adminOrderKey(order.orderid), (old) => (old ? { ...old, status } : old));
          // The mails are only queued now: the toast says so, and says delivered once the outbox has sent them.
          if (answer) void toastStatusMails(answer);
        },
        // A refusal the owner can act on (an unpaid online order, a cancelled one) is shown in the server's words.
        onError: (err) => toast.error(err instanceof ApiError && err.status === 409 ? err.message : TOASTS.statusMailFailed),
      },
    );
  }

  return (
    <article className="order-detail" aria-labelledby={`${selectId}-title`}>
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
        <button type="button" className="btn btn-outline-amber btn-sm" onClick={onBack}>
          <span aria-hidden="true">← </span>Back to Orders
        </button>
        <span className={`status-badge ${STATUS_BADGE_CLASS[current]}`}>{ORDER_STATUS_LABELS[current]}</span>
      </div>
      <h3 id={`${selectId}-title`} ref={headingRef} tabIndex={-1} className="h4 mb-1 detail-title">Order # {shortId}</h3>
      <p className="text-muted-strong mb-4">
        Placed {orderDate(order.createdAt)} at {orderTime(order.createdAt)}
      </p>

      <div className="row g-3">
        <section className="col-md-6" aria-labelledby={`${selectId}-user`}>
          <div className="detail-card h-100">
            <h4 id={`${selectId}-user`} className="detail-heading">User details</h4>
            <dl className="mb-0">
              <Field label="Name" value={order.username} />
              <Field label="Email" value={order.emailaddress} />
              <Field label="Phone" value={order.mobilenumber} />
              {order.gstin ? (
                <>
                  <Field label="Business" value={order.businessName ?? ''} />
                  <Field label="GSTIN" value={order.gstin} />
                </>
              ) : null}
            </dl>
          </div>
        </section>
        <section className="col-md-6" aria-labelledby={`${selectId}-ship`}>
          <div className="detail-card h-100">
            <h4 id={`${selectId}-ship`} className="detail-heading">Shipping address</h4>
            <dl className="mb-0">
              <Field label="Address" value={order.address} />
              <Field label="District" value={order.district} />
              <Field label="State" value={order.state} />
              <Field label="Pincode" value={order.pincode} />
            </dl>
          </div>
        </section>
        <section className="col-12" aria-labelledby={`${selectId}-info`}>
          <div className="detail-card">
            <h4 id={`${selectId}-info`} className="detail-heading">Order information</h4>
            <dl className="detail-grid">
              <Field label="Order number" value={shortId} />
              <Field label="Gateway order ID" value={displayOrderId(order.orderid)} />
              <Field label="Payment ID" value={displayPaymentId(order.paymentid)} />
              <Field label="Payment mode" value={PAYMENT_MODE_LABELS[order.paymentmode]} />
              <Field label="Payment status" value={paymentStatusWords(order)} />
              <Field label="Receipt" value={order.receipt} />
            </dl>
            <h5 className="detail-subheading">Items</h5>
            <ul className="detail-items">
              {order.items.map((item, i) => (
                <li key={i}>
                  {item.name} - {item.quantity} ml - {item.itemQty} qty
                </li>
              ))}
            </ul>
            <ChargeLines order={order} />
            <p className="detail-total mb-0">
              Total: <strong>{formatRupees(order.totalAmount)}</strong>
            </p>
            {order.invoiceNumber ? (
              <p className="mt-2 mb-0 small">
                Tax invoice {order.invoiceNumber} <InvoiceButton orderid={order.orderid} invoiceNumber={order.invoiceNumber} />
              </p>
            ) : (
              <p className="mt-2 mb-0 small text-body-secondary">
                {missingInvoiceNote(order, business.data ? businessIsFilled(business.data) : undefined)}
              </p>
            )}
          </div>
        </section>
        <OrderShippingSection headingId={`${selectId}-shipping`} order={order} />
        <OrderConfirmationSection order={order} headingId={`${selectId}-confirm`} />
        <OrderMoneySection headingId={`${selectId}-money`} order={detail.data} loadError={detail.isError ? detail.error.message : null} onRetry={() => void detail.refetch()} />
        <section className="col-12" aria-labelledby={`${selectId}-note`}>
          <div className="detail-card">
            <h4 id={`${selectId}-note`} className="detail-heading">Special request</h4>
            <p className="mb-0 detail-note">{order.note || 'No special request.'}</p>
          </div>
        </section>
      </div>

      {current === 'CANCELLED' || current === 'RETURNED' ? (
        <p className="status-bar mb-0">This order is {current === 'CANCELLED' ? 'cancelled' : 'returned to us'}: its status no longer changes.</p>
      ) : (
        <div className="status-bar">
          <label htmlFor={selectId} className="form-label fw-semibold mb-1">Order status</label>
          <div className="d-flex flex-wrap gap-2">
            <select
              id={selectId}
              className="form-select status-select"
              value={status}
              onChange={(e) => setStatus(e.target.value as OrderStatus)}
            >
              {SETTABLE_ORDER_STATUSES.map((s) => (
                <option key={s} value={s}>{ORDER_STATUS_LABELS[s]}</option>
              ))}
            </select>
            {/* Busy, not disabled: a disabled button drops the keyboard to the page's start. */}
            <button
              type="button"
              className={`btn btn-amber${statusMail.isPending ? ' disabled' : ''}`}
              onClick={() => {
                if (!statusMail.isPending) updateStatus();
              }}
              aria-disabled={statusMail.isPending}
            >
              {statusMail.isPending ? 'Sending…' : 'Send Mail and Update Status'}
            </button>
          </div>
        </div>
      )}
      {askUnconfirmed && (
        <ConfirmDialog title="Not confirmed yet" confirmLabel="Move it on" cancelLabel="Wait" onConfirm={sendMail} onCancel={() => setAskUnconfirmed(false)}>
          <p className="mb-0">{UNCONFIRMED_QUESTION}</p>
        </ConfirmDialog>
      )}
    </article>
  );
}
