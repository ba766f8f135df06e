import { Link } from 'react-router';
import { BusyButton } from '../../components/busy-button';

/**
 * The payment window was closed: the order exists, unpaid. Said where the customer is, with the way to pay it now;
 * Your Orders keeps its own Pay now for later.
 */
export function AwaitingPaymentNotice({ orderNumber, busy, onPay }: { orderNumber: string; busy: boolean; onPay: () => void }) {
  return (
    <div className="alert alert-warning small py-2 awaiting-payment" role="status" data-testid="awaiting-payment">
      <p className="mb-2">
        Order <strong className="font-monospace">{orderNumber}</strong> is saved and waiting for payment. Pay now, or later from{' '}
        <Link to="/orders" className="alert-link">
          Your Orders
        </Link>
        .
      </p>
      <BusyButton type="button" className="btn btn-sm btn-outline-amber" busy={busy} onClick={onPay}>
        Pay now
      </BusyButton>
    </div>
  );
}
