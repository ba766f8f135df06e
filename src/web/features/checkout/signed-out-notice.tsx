import { Link } from 'react-router';
import { CheckoutSteps } from './checkout-steps';

/**
 * The session ended while the customer was on the order summary (signed out from another device, or timed out):
 * said here instead of dropping them on an empty billing form. The cart, address and note stay in this tab's
 * checkout draft, so logging in comes back to the same summary.
 */
export function SignedOutNotice() {
  return (
    <section className="container py-4 py-md-5 page-medium">
      <CheckoutSteps current={2} />
      <h1 className="display-6 mb-4">Order summary</h1>
      <div className="alert alert-warning" role="alert" data-testid="checkout-signed-out">
        <p className="mb-2">
          <strong>You were signed out.</strong> Log in to continue: your cart, address and note are kept, and nothing was ordered yet.
        </p>
        <Link to="/login?next=%2Fcheckoutorder" className="btn btn-amber">
          Log in
        </Link>
      </div>
    </section>
  );
}
