import type { ReactNode } from 'react';
import { formatRupees } from '../../domain/display';

/** What an order was charged, as the quote priced it and the order keeps it. */
export interface Charges {
  subtotal: number;
  deliveryFee: number;
  codFee: number;
  discount: number;
  couponCode: string | null | undefined;
  total: number;
}

/**
 * Items, delivery, cash on delivery fee, discount and total, labels left and amounts right: the order summary, the
 * success page and Your Orders show an order's charges alike. Each amount has a test id under `idPrefix`.
 */
export function ChargesTable({
  charges,
  idPrefix = 'order',
  deliveryNote = null,
  deliveryHint = null,
  className = '',
}: {
  charges: Charges;
  idPrefix?: string;
  /** Said after "Delivery" (the checkout's estimate in days). */
  deliveryNote?: ReactNode;
  /** A row of its own under the delivery fee (the checkout's "Add Rs. N for free delivery"). */
  deliveryHint?: ReactNode;
  className?: string;
}) {
  const id = (name: string) => `${idPrefix}-${name}`;
  return (
    <dl className={`row g-0 small ${className}`} data-testid={id('charges')}>
      <dt className="col-7 fw-normal">Items</dt>
      <dd className="col-5 text-end text-nowrap mb-1" data-testid={id('subtotal')}>
        {formatRupees(charges.subtotal)}
      </dd>
      <dt className="col-7 fw-normal">Delivery{deliveryNote}</dt>
      <dd className="col-5 text-end text-nowrap mb-1" data-testid={id('delivery-fee')}>
        {charges.deliveryFee > 0 ? formatRupees(charges.deliveryFee) : 'Free'}
      </dd>
      {deliveryHint}
      {charges.codFee > 0 ? (
        <>
          <dt className="col-7 fw-normal">Cash on delivery fee</dt>
          <dd className="col-5 text-end text-nowrap mb-1" data-testid={id('cod-fee')}>
            {formatRupees(charges.codFee)}
          </dd>
        </>
      ) : null}
      {charges.discount > 0 ? (
        <>
          <dt className="col-7 fw-normal text-success">Discount{charges.couponCode ? ` (${charges.couponCode})` : ''}</dt>
          <dd className="col-5 text-end text-nowrap mb-1 text-success" data-testid={id('discount')}>
            − {formatRupees(charges.discount)}
          </dd>
        </>
      ) : null}
      <dt className="col-7 fs-5 fw-normal border-top pt-1">Total</dt>
      <dd className="col-5 text-end text-nowrap fs-5 fw-bold mb-0 border-top pt-1" data-testid={id('total')}>
        {formatRupees(charges.total)}
      </dd>
    </dl>
  );
}
