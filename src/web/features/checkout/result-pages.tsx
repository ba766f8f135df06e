import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { formatRupees, formatShopDateTime } from '../../../domain/display';
import type { Order } from '../../../domain/schemas/order';
import { SCREENS, TOASTS } from '../../../domain/messages';
import { BusyButton } from '../../components/busy-button';
import { usePageTitle } from '../../lib/use-page-title';
import { cart, useCart } from '../cart/cart-store';
import { finishCheckout } from './checkout-draft';
import { OrderRecap } from './order-recap';
import { useOnlinePayment, type FailureState, type SuccessState } from './use-online-payment';

/**
 * The shop asks for a "yes" before packing (decision 068): said here too, not only in the mail, with the deadline
 * the server set. No Confirm button: a "yes" given the moment the order is placed would tell the shop nothing.
 */
function ConfirmationNeeded({ order }: { order: Order }) {
  const by = order.confirmBy ? formatShopDateTime(order.confirmBy) : '';
  return (
    <div className="alert alert-warning text-start" data-testid="success-confirm-needed">
      <p className="mb-1">
        <strong>Please confirm this order{by ? ` by ${by}` : ''}.</strong> We pack your ghee once you confirm; an order
        not confirmed {by ? 'by then' : 'in time (the email says by when)'} is cancelled.
      </p>
      <p className="mb-0">
        To confirm, {order.whatsappOptIn ? 'tap Confirm in our WhatsApp message, or ' : ''}open the link in the order email we
        have sent you.
      </p>
    </div>
  );
}

export function SuccessPage() {
  const order = (useLocation().state as SuccessState | null)?.order;
  const cod = order?.paymentmode === 'CASHONDELIVERY';
  // SPEC.md's words are for a payment; a cash-on-delivery order has not been paid yet (DESIGN.md §7.7).
  const heading = cod ? SCREENS.orderPlaced : SCREENS.paymentSuccess;
  usePageTitle(cod ? 'Order placed' : 'Payment successful');
  return (
    <section className="container py-5 text-center page-narrow">
      <div className="result-icon result-icon-ok mx-auto mb-3" aria-hidden="true">
        ✓
      </div>
      <h1 className="h2">{heading}</h1>
      {/* What the customer has to do comes before what we tell them. */}
      {cod && order?.confirmation === 'PENDING' ? <ConfirmationNeeded order={order} /> : null}
      <p className="text-body-secondary">
        {cod && order
          ? SCREENS.payAtDoor(formatRupees(order.totalAmount))
          : 'Thank you! Your order is placed and we have started preparing it.'}{' '}
        {/* Beside "Please confirm", "a confirmation" would read as the shop's: the mail is the order's details. */}
        {order?.confirmation === 'PENDING' ? 'The order’s details, with the link to confirm, are on their way to your email.' : 'A confirmation is on its way to your email.'}
      </p>
      {order ? <OrderRecap order={order} /> : null}
      <div className="d-flex gap-2 justify-content-center flex-wrap">
        <Link to="/" className="btn btn-amber">
          Back to home
        </Link>
        <Link to="/orders" className="btn btn-outline-amber">
          Your Orders
        </Link>
      </div>
    </section>
  );
}

export function FailurePage() {
  usePageTitle('Payment failed');
  const lines = useCart();
  const state = useLocation().state as FailureState | null;
  const payment = useOnlinePayment();
  const [busy, setBusy] = useState(false);
  const [retryError, setRetryError] = useState('');

  async function tryAgain(orderid: string) {
    setBusy(true);
    setRetryError('');
    const fromCheckout = !!state?.fromCheckout;
    try {
      // A retry pays the very order that was declined (its note and receipt included), never a second one.
      const run = await payment.payOrder(orderid, {
        fromCheckout,
        onPaid: () => {
          if (!fromCheckout) return;
          cart.clear();
          finishCheckout();
        },
      });
      if (run.kind === 'dismissed') setBusy(false);
    } catch (error) {
      setBusy(false);
      setRetryError(error instanceof Error ? error.message : 'Something went wrong. Please try again.');
    }
  }

  return (
    <section className="container py-5 text-center page-narrow">
      <div className="result-icon result-icon-fail mx-auto mb-3" aria-hidden="true">
        ✕
      </div>
      <h1 className="h2">{SCREENS.paymentFailure}</h1>
      {state?.reason ? (
        <p className="alert alert-danger" role="alert">
          {TOASTS.paymentFailed(state.reason)}
        </p>
      ) : null}
      {retryError ? (
        <p className="alert alert-danger" role="alert">
          {retryError}
        </p>
      ) : null}
      <p className="text-body-secondary">
        {SCREENS.paymentFailureReason} No money was taken.{' '}
        {state?.orderid ? 'Your order is kept: try again with another card, or pay later from Your Orders.' : 'Your cart is saved, so you can try again.'}
      </p>
      {/* Try again is the way forward, so it is the main button; home is the way out. */}
      <div className="d-flex gap-2 justify-content-center flex-wrap">
        {state?.orderid ? (
          <BusyButton type="button" className="btn btn-amber" busy={busy} onClick={() => void tryAgain(state.orderid ?? '')}>
            Try again
          </BusyButton>
        ) : lines.length > 0 ? (
          <Link to="/checkoutorder" className="btn btn-amber">
            Try again
          </Link>
        ) : null}
        <Link to="/" className="btn btn-outline-amber">
          Back to home
        </Link>
      </div>
    </section>
  );
}
