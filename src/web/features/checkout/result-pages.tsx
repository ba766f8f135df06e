import { Link, useLocation } from 'react-router';
import { SCREENS } from '../../../domain/messages';
import { usePageTitle } from '../../lib/use-page-title';
import { useCart } from '../cart/cart-store';

export function SuccessPage() {
  usePageTitle('Order placed');
  const state = useLocation().state as { mode?: string } | null;
  return (
    <section className="container py-5 text-center page-narrow">
      <div className="result-icon result-icon-ok mx-auto mb-3" aria-hidden="true">
        ✓
      </div>
      <h1 className="h2">{SCREENS.paymentSuccess}</h1>
      <p className="text-body-secondary">
        {state?.mode === 'CASHONDELIVERY'
          ? 'Your order is placed. Please keep the cash ready when it arrives.'
          : 'Thank you! Your order is placed and we have started preparing it.'}{' '}
        A confirmation is on its way to your email.
      </p>
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
  return (
    <section className="container py-5 text-center page-narrow">
      <div className="result-icon result-icon-fail mx-auto mb-3" aria-hidden="true">
        ✕
      </div>
      <h1 className="h2">{SCREENS.paymentFailure}</h1>
      <p className="text-body-secondary">{SCREENS.paymentFailureReason} No money was taken. Your cart is saved, so you can try again.</p>
      <div className="d-flex gap-2 justify-content-center flex-wrap">
        <Link to="/" className="btn btn-amber">
          Back to home
        </Link>
        {lines.length > 0 ? (
          <Link to="/checkoutorder" className="btn btn-outline-amber">
            Try again
          </Link>
        ) : null}
      </div>
    </section>
  );
}
