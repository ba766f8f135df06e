import { useId, useState } from 'react';
import { toast } from 'react-toastify';
import { formatRupees } from '../../../../domain/display';
import { bottleRefundAmount, REASON_MAX_LENGTH, type RefundLine } from '../../../../domain/refunds';
import type { OrderLine } from '../../../../domain/schemas/order';
import { useRefundOrder } from '../api/refunds-api';

/**
 * Refund by bottles: how many of each line, whether they go back on the shelf, and a reason. The server prices them
 * as they were paid for and refuses bottles already refunded; the credit note lists them with their quantities.
 */
export function OrderLineRefundForm({
  orderid,
  items,
  charges,
  onDone,
}: {
  orderid: string;
  items: readonly OrderLine[];
  /** The order's goods and coupon discount: the bottles are refunded at what was paid for them. */
  charges: { subtotal: number; discount: number };
  onDone: () => void;
}) {
  const id = useId();
  const refund = useRefundOrder(orderid);
  const [counts, setCounts] = useState<number[]>(() => items.map(() => 0));
  const [restock, setRestock] = useState(false);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const chosen: RefundLine[] = items.flatMap((item, i) => ((counts[i] ?? 0) > 0 ? [{ name: item.name, quantity: item.quantity, itemQty: counts[i] ?? 0 }] : []));
  const bottles = chosen.reduce((sum, l) => sum + l.itemQty, 0);
  const goods = items.reduce((sum, item, i) => sum + item.finalPrice * (counts[i] ?? 0), 0);
  const amount = bottles > 0 ? bottleRefundAmount(charges, goods) : 0;
  const couponNote = charges.discount > 0 ? ' (less the coupon’s share)' : '';

  function submit(event: React.FormEvent) {
    event.preventDefault();
    if (bottles === 0) return setProblem('Choose at least one bottle to refund.');
    if (!reason.trim()) return setProblem('Say why you are refunding.');
    setProblem(null);
    refund.mutate(
      { lines: chosen, reason: reason.trim(), restock },
      {
        onSuccess: (answer) => {
          const made = answer.refunds.at(-1);
          toast.success(made ? `A refund of ${formatRupees(made.amount)} for ${bottles} bottle${bottles === 1 ? '' : 's'} is on its way to the customer.` : 'The refund is on its way.');
          onDone();
        },
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate aria-describedby={`${id}-help`}>
      <p id={`${id}-help`} className="small text-muted-strong mb-2">
        Choose the bottles to refund; each is refunded at what was paid for it{couponNote}.
        {bottles > 0 ? <span data-testid="bottle-refund-amount"> The customer gets {formatRupees(amount)}.</span> : null}
      </p>
      <fieldset className="mb-2">
        <legend className="visually-hidden">Bottles to refund</legend>
        {items.map((item, i) => (
          <div key={`${item.name}-${item.quantity}`} className="d-flex align-items-center gap-2 mb-1">
            <label htmlFor={`${id}-q${i}`} className="flex-grow-1 mb-0">
              {item.name} ({item.quantity} ml) × {item.itemQty}, {formatRupees(item.finalPrice)} each
            </label>
            <input
              id={`${id}-q${i}`}
              type="number"
              inputMode="numeric"
              min={0}
              max={item.itemQty}
              step={1}
              className="form-control form-control-sm"
              style={{ width: '5.5rem' }}
              value={counts[i] ?? 0}
              onChange={(e) => {
                const value = Math.max(0, Math.min(item.itemQty, Math.floor(Number(e.target.value) || 0)));
                setCounts((old) => old.map((c, j) => (j === i ? value : c)));
              }}
            />
          </div>
        ))}
      </fieldset>
      <div className="form-check mb-2">
        <input id={`${id}-restock`} className="form-check-input" type="checkbox" checked={restock} onChange={(e) => setRestock(e.target.checked)} />
        <label htmlFor={`${id}-restock`} className="form-check-label">Put these bottles back in stock (they came back unopened)</label>
      </div>
      <label htmlFor={`${id}-reason`} className="form-label">Reason</label>
      <input
        id={`${id}-reason`}
        className="form-control"
        maxLength={REASON_MAX_LENGTH}
        placeholder="e.g. one jar arrived broken"
        value={reason}
        onChange={(e) => setReason(e.target.value)}
      />
      <div role="alert">
        {problem && <p className="text-danger small mt-2 mb-0">{problem}</p>}
        {refund.isError && <p className="text-danger small mt-2 mb-0">The refund was not made: {refund.error.message}</p>}
      </div>
      <div className="d-flex flex-wrap gap-2 mt-2">
        <button type="submit" className="btn btn-amber" disabled={refund.isPending}>
          {refund.isPending ? 'Refunding…' : bottles > 0 ? `Refund ${bottles} bottle${bottles === 1 ? '' : 's'}: ${formatRupees(amount)}` : 'Refund'}
        </button>
        <button type="button" className="btn btn-outline-secondary" onClick={onDone}>
          Close
        </button>
      </div>
    </form>
  );
}
