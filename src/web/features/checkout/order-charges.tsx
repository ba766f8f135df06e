import { useId, useState } from 'react';
import { formatRupees } from '../../../domain/display';
import { shortOfFreeDelivery } from '../../../domain/pricing';
import type { Quote } from '../../../domain/schemas/delivery';
import { BusyButton } from '../../components/busy-button';
import { ChargesTable } from '../../components/charges-table';

/** Subtotal, delivery, COD fee, discount and total, as the server priced them (the same figures the order gets). */
export function OrderCharges({ quote, fallbackTotal, freeFrom = null }: { quote: Quote | undefined; fallbackTotal: number; freeFrom?: number | null }) {
  if (!quote) {
    return (
      <p className="d-flex justify-content-between fs-5 border-top pt-3">
        <span>Total</span>
        <strong data-testid="order-total">{formatRupees(fallbackTotal)}</strong>
      </p>
    );
  }
  const { minDays, maxDays } = quote.estimate;
  // Under the free-delivery line (a coupon may have taken the order below it): say how far it is.
  const short = quote.deliveryFee > 0 ? shortOfFreeDelivery(freeFrom, quote.subtotal - quote.discount) : null;
  const charges = { ...quote, couponCode: quote.coupon?.code };
  return (
    <ChargesTable
      charges={charges}
      className="border-top pt-3 mb-2"
      deliveryNote={quote.serviceable ? <span className="text-body-secondary"> ({minDays === maxDays ? minDays : `${minDays}–${maxDays}`} days)</span> : null}
      deliveryHint={
        short !== null ? (
          <dd className="col-12 text-end text-body-secondary mb-1" data-testid="free-delivery-hint">
            Add {formatRupees(short)} for free delivery
          </dd>
        ) : null
      }
    />
  );
}

/** The shop could not price the order just now: the figures shown are older (or only the items'), and Try again asks once more. */
export function PricesNotRefreshed({ stale, busy, onRetry }: { stale: boolean; busy: boolean; onRetry: () => void }) {
  return (
    <div className="alert alert-warning small py-2" role="alert" data-testid="quote-failed">
      <p className="mb-2">
        We could not refresh the prices:{' '}
        {stale ? 'the figures below are the last the shop gave and may have changed.' : 'the total below is for the items alone, without delivery.'}
      </p>
      <BusyButton type="button" className="btn btn-sm btn-outline-amber" busy={busy} onClick={onRetry}>
        Try again
      </BusyButton>
    </div>
  );
}

/** One discount code: applied through the quote, which says why when it does not apply. */
export function CouponField({
  applied,
  verdict,
  onApply,
  error = null,
  busy = false,
}: {
  applied: string | undefined;
  verdict: Quote['coupon'] | undefined;
  onApply: (code: string | undefined) => void;
  /** Why the last Apply or Remove did not go through (the shop could not be reached, say). */
  error?: string | null;
  busy?: boolean;
}) {
  const id = useId();
  const [code, setCode] = useState(applied ?? '');
  // The field empties once the code is really gone, not when Remove is pressed: a removal the shop could not
  // price leaves the code applied, and the field says so.
  const [fieldFor, setFieldFor] = useState(applied);
  if (fieldFor !== applied) {
    setFieldFor(applied);
    if (!applied) setCode('');
  }
  // Once the customer edits the code, the field is about the new one: Apply again, and the old verdict goes.
  const showingApplied = !!applied && code.trim().toUpperCase() === applied.trim().toUpperCase();
  return (
    <form
      className="mb-3"
      onSubmit={(e) => {
        e.preventDefault();
        onApply(code.trim() || undefined);
      }}
    >
      <label htmlFor={id} className="form-label small mb-1">
        Discount code
      </label>
      <div className="input-group">
        <input id={id} className="form-control text-uppercase" value={code} maxLength={32} onChange={(e) => setCode(e.target.value)} />
        {showingApplied ? (
          <button
            type="button"
            className="btn btn-outline-secondary"
            disabled={busy}
            onClick={() => onApply(undefined)}
          >
            Remove
          </button>
        ) : (
          <button type="submit" className="btn btn-outline-amber" disabled={busy}>
            Apply
          </button>
        )}
      </div>
      <p className="small mt-1 mb-0" role="status" data-testid="coupon-result">
        {!error && showingApplied && verdict?.applied ? <span className="text-success">{verdict.code} applied</span> : null}
        {error ? <span className="text-danger">{error}</span> : null}
        {!error && showingApplied && verdict && !verdict.applied ? <span className="text-danger">{verdict.reason}</span> : null}
      </p>
    </form>
  );
}
