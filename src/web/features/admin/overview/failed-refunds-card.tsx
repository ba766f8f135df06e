import { formatRupees } from '../../../../domain/display';
import type { OverviewAnswer } from '../../../../domain/schemas/admin-overview';

/**
 * Refunds the gateway failed and nobody retried: the customers were told the money is on its way, so while there
 * are any the card stands out at the top of the overview and leads to the orders; at none it is a quiet zero.
 */
export function FailedRefundsCard({ figures, onShow }: { figures: OverviewAnswer['failedRefunds']; onShow: () => void }) {
  if (figures.count === 0) {
    return (
      <div className="figure-card figure-small" data-testid="failed-refunds">
        <p className="figure-label">Failed refunds</p>
        <p className="figure-value">0</p>
      </div>
    );
  }
  const refunds = figures.count === 1 ? '1 refund' : `${figures.count} refunds`;
  return (
    <section className="failed-refunds-card mb-4" data-testid="failed-refunds" aria-labelledby="failed-refunds-title">
      <div>
        <h3 id="failed-refunds-title" className="figure-label failed-refunds-label">Failed refunds</h3>
        <p className="figure-value failed-refunds-value mb-1">
          {refunds} · {formatRupees(figures.amount)}
        </p>
        <p className="small mb-0">
          {figures.count === 1
            ? 'The payment gateway could not give this money back, and the customer was told it is on its way. Open the order and retry the refund, or refund another way and tell the customer.'
            : 'The payment gateway could not give this money back, and the customers were told it is on its way. Open each order and retry the refund, or refund another way and tell the customer.'}
        </p>
      </div>
      <button type="button" className="btn btn-danger btn-sm" onClick={onShow}>
        Show {figures.count === 1 ? 'the order' : 'the orders'}
      </button>
    </section>
  );
}
