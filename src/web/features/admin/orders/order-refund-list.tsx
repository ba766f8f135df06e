import { useRef, useState } from 'react';
import { toast } from 'react-toastify';
import { formatRupees, orderDate, orderTime } from '../../../../domain/display';
import { settlementWords } from '../../../../domain/refund-settlement';
import { REFUND_STATUS_LABELS, type RefundStatus, type RefundView } from '../../../../domain/refunds';
import { useRetryRefund } from '../api/refunds-api';
import { OrderRefundSettleForm } from './order-refund-settle-form';

const BADGE: Readonly<Record<RefundStatus, string>> = {
  PENDING: 'status-preparation',
  PROCESSED: 'status-delivered',
  FAILED: 'status-failed',
};

/**
 * The order's refunds, oldest first: amount, date, state, reason; a failed one can be asked for again, or marked as
 * settled when the owner paid it back another way.
 */
export function OrderRefundList({ orderid, refunds }: { orderid: string; refunds: readonly RefundView[] }) {
  const retry = useRetryRefund(orderid);
  if (refunds.length === 0) return <p className="small text-muted-strong mb-0">No refunds yet.</p>;
  return (
    <ul className="refund-list list-unstyled mb-0" aria-label="Refunds">
      {refunds.map((r) => (
        <li key={r.refundId} className="refund-item" data-testid="refund-item">
          <div className="refund-item-main">
            <strong className="refund-amount">{formatRupees(r.amount)}</strong>
            <span className={`status-badge ${BADGE[r.status]}`}>{r.settlement ? 'Settled' : REFUND_STATUS_LABELS[r.status]}</span>
            <span className="small text-muted-strong">
              {orderDate(r.createdAt)} {orderTime(r.createdAt)}
            </span>
          </div>
          <p className="small mb-0 refund-reason">
            {r.strayPayment && <span className="fw-semibold">Extra payment returned, not counted against the order: </span>}
            {r.reason}
          </p>
          {r.settlement && <RefundSettlement settlement={r.settlement} />}
          {r.status === 'FAILED' && <FailedRefundActions orderid={orderid} refund={r} retry={retry} />}
        </li>
      ))}
    </ul>
  );
}

function RefundSettlement({ settlement }: { settlement: NonNullable<RefundView['settlement']> }) {
  return (
    <div className="small mt-1" data-testid="refund-settlement">
      <p className="mb-0">
        {settlementWords(settlement)}, {orderDate(settlement.settledAt)}
      </p>
      {settlement.note && <p className="mb-0 refund-reason">{settlement.note}</p>}
      {settlement.gatewayAlsoPaidAt && (
        <p className="mb-0 text-danger fw-semibold">
          The gateway also paid this refund on {orderDate(settlement.gatewayAlsoPaidAt)}: the customer may have it twice.
        </p>
      )}
    </div>
  );
}

function FailedRefundActions({ orderid, refund, retry }: { orderid: string; refund: RefundView; retry: ReturnType<typeof useRetryRefund> }) {
  const [settling, setSettling] = useState(false);
  const settleButton = useRef<HTMLButtonElement>(null);
  const retrying = retry.isPending && retry.variables === refund.refundId;
  const failedRetry = retry.isError && retry.variables === refund.refundId;
  const amount = formatRupees(refund.amount);
  return (
    <div className="mt-1">
      {refund.error && <p className="small text-danger mb-1">{refund.error}</p>}
      <div className="d-flex flex-wrap gap-2">
        <button
          type="button"
          className="btn btn-outline-amber btn-sm"
          disabled={retrying}
          aria-label={`Retry the refund of ${amount}`}
          onClick={() => retry.mutate(refund.refundId, { onSuccess: () => toast.info(`The refund of ${amount} is asked for again.`) })}
        >
          {retrying ? 'Retrying…' : 'Retry'}
        </button>
        <button
          ref={settleButton}
          type="button"
          className="btn btn-outline-secondary btn-sm"
          aria-expanded={settling}
          aria-label={`Mark the refund of ${amount} as settled`}
          onClick={() => setSettling((open) => !open)}
        >
          Mark as settled
        </button>
      </div>
      <div role="alert">{failedRetry && <p className="small text-danger mt-1 mb-0">The retry failed: {retry.error.message}</p>}</div>
      {settling && (
        <OrderRefundSettleForm
          orderid={orderid}
          refundId={refund.refundId}
          amount={refund.amount}
          onClose={() => {
            setSettling(false);
            settleButton.current?.focus();
          }}
        />
      )}
    </div>
  );
}
