import { toast } from 'react-toastify';
import { formatRupees, orderDate, orderTime } from '../../../../domain/display';
import { REFUND_STATUS_LABELS, type RefundStatus, type RefundView } from '../../../../domain/refunds';
import { useRetryRefund } from '../api/refunds-api';

const BADGE: Readonly<Record<RefundStatus, string>> = {
  PENDING: 'status-preparation',
  PROCESSED: 'status-delivered',
  FAILED: 'status-failed',
};

/** The order's refunds, oldest first: amount, date, state, reason; a failed one can be asked for again. */
export function OrderRefundList({ orderid, refunds }: { orderid: string; refunds: readonly RefundView[] }) {
  const retry = useRetryRefund(orderid);
  if (refunds.length === 0) return <p className="small text-muted-strong mb-0">No refunds yet.</p>;
  return (
    <ul className="refund-list list-unstyled mb-0" aria-label="Refunds">
      {refunds.map((r) => {
        const retrying = retry.isPending && retry.variables === r.refundId;
        const failedRetry = retry.isError && retry.variables === r.refundId;
        return (
          <li key={r.refundId} className="refund-item" data-testid="refund-item">
            <div className="refund-item-main">
              <strong className="refund-amount">{formatRupees(r.amount)}</strong>
              <span className={`status-badge ${BADGE[r.status]}`}>{REFUND_STATUS_LABELS[r.status]}</span>
              <span className="small text-muted-strong">
                {orderDate(r.createdAt)} {orderTime(r.createdAt)}
              </span>
            </div>
            <p className="small mb-0 refund-reason">
              {r.strayPayment && <span className="fw-semibold">Extra payment returned, not counted against the order: </span>}
              {r.reason}
            </p>
            {r.status === 'FAILED' && (
              <div className="mt-1">
                {r.error && <p className="small text-danger mb-1">{r.error}</p>}
                <button
                  type="button"
                  className="btn btn-outline-amber btn-sm"
                  disabled={retrying}
                  aria-label={`Retry the refund of ${formatRupees(r.amount)}`}
                  onClick={() => retry.mutate(r.refundId, { onSuccess: () => toast.info(`The refund of ${formatRupees(r.amount)} is asked for again.`) })}
                >
                  {retrying ? 'Retrying…' : 'Retry'}
                </button>
                <div role="alert">{failedRetry && <p className="small text-danger mt-1 mb-0">The retry failed: {retry.error.message}</p>}</div>
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}
