import { useState } from 'react';
import { BusyButton } from '../../components/busy-button';
import { useOnlinePayment } from '../checkout/use-online-payment';

/** Reopens the card dialog for an unpaid online order: a new attempt on the same order, as Razorpay allows. */
export function PayNowButton({ orderid }: { orderid: string }) {
  const payment = useOnlinePayment();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  async function pay() {
    setBusy(true);
    setError('');
    try {
      if ((await payment.payOrder(orderid, { fromCheckout: false })).kind === 'dismissed') setBusy(false);
    } catch (e) {
      setBusy(false);
      setError(e instanceof Error ? e.message : 'The payment window could not be opened. Please try again.');
    }
  }

  return (
    <div className="d-flex flex-wrap align-items-center gap-2">
      <BusyButton type="button" className="btn btn-amber" busy={busy} onClick={() => void pay()}>
        Pay now
      </BusyButton>
      <span className="small text-body-secondary">We start preparing your order once it is paid.</span>
      {error ? (
        <p className="text-danger small w-100 mb-0" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
