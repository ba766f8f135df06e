import { formatRupees } from '../../../../domain/display';
import { ORDER_STATUS_LABELS } from '../../../../domain/order-status';
import { OPEN_ORDER_STATUSES } from '../../../../domain/schemas/admin-overview';
import { LoadError } from '../../../components/load-error';
import { useOverview } from '../api/overview-api';
import { LoadingDots } from '../ui/loading-dots';
import { FailedRefundsCard } from './failed-refunds-card';
import { SalesChart } from './sales-chart';

function Figure({ label, value, hint }: { label: string; value: string; hint: string }) {
  return (
    <div className="col-6 col-lg-3">
      <div className="figure-card">
        <p className="figure-label">{label}</p>
        <p className="figure-value">{value}</p>
        <p className="figure-hint">{hint}</p>
      </div>
    </div>
  );
}

/** What the revenue cards add up, said on the cards themselves. */
const REVENUE_COUNTS = 'orders placed, less cancelled orders and refunds';

const monthName = (month: string) =>
  new Date(`${month}-01T00:00:00Z`).toLocaleDateString('en-IN', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** Beyond the spec: today's and this month's sales and the last 30 days, in shop time (IST). */
export function OverviewTab({ active, onShowFailedRefunds }: { active: boolean; onShowFailedRefunds: () => void }) {
  const overview = useOverview(active);
  if (overview.isPending) return <LoadingDots label="Loading overview" />;
  if (overview.isError) {
    return <LoadError onRetry={() => void overview.refetch()}>The overview could not be loaded: {overview.error.message}</LoadError>;
  }
  const o = overview.data;
  return (
    <div>
      {o.failedRefunds.count > 0 && <FailedRefundsCard figures={o.failedRefunds} onShow={onShowFailedRefunds} />}
      <div className="row g-3 mb-4">
        <Figure label="Orders today" value={String(o.today.orders)} hint={`${o.today.date}, not cancelled`} />
        <Figure label="Revenue today" value={formatRupees(o.today.revenue)} hint={`${o.today.date}: ${REVENUE_COUNTS}`} />
        <Figure label="Orders this month" value={String(o.month.orders)} hint={`${monthName(o.month.month)}, not cancelled`} />
        <Figure label="Revenue this month" value={formatRupees(o.month.revenue)} hint={`${monthName(o.month.month)}: ${REVENUE_COUNTS}`} />
      </div>
      <div className="detail-card mb-4">
        <h3 className="detail-heading">Last 30 days</h3>
        <SalesChart days={o.days} />
        <details className="mt-2">
          <summary className="small">Show the numbers</summary>
          <div className="table-responsive mt-2">
            <table className="table table-sm small mb-0">
              <caption className="visually-hidden">Orders and revenue per day</caption>
              <thead>
                <tr><th scope="col">Date</th><th scope="col" className="text-end">Orders</th><th scope="col" className="text-end">Revenue</th></tr>
              </thead>
              <tbody>
                {[...o.days].reverse().map((d) => (
                  <tr key={d.date}><td>{d.date}</td><td className="text-end">{d.orders}</td><td className="text-end">{formatRupees(d.revenue)}</td></tr>
                ))}
              </tbody>
            </table>
          </div>
        </details>
      </div>
      <div className="row g-3">
        {OPEN_ORDER_STATUSES.map((s) => (
          <div key={s} className="col-6 col-lg-3">
            <div className="figure-card figure-small">
              <p className="figure-label">{ORDER_STATUS_LABELS[s]}</p>
              <p className="figure-value">{o.openByStatus[s]}</p>
            </div>
          </div>
        ))}
        <div className="col-6 col-lg-3">
          <div className="figure-card figure-small">
            <p className="figure-label">Unpaid online</p>
            <p className="figure-value">{o.unpaidOnline}</p>
          </div>
        </div>
        {o.failedRefunds.count === 0 && (
          <div className="col-6 col-lg-3">
            <FailedRefundsCard figures={o.failedRefunds} onShow={onShowFailedRefunds} />
          </div>
        )}
      </div>
      {o.codConfirmation && (
        <div className="detail-card mt-4">
          <h3 className="detail-heading">Cash on delivery confirmation, last 30 days</h3>
          <dl className="row g-3 mb-0">
            {(
              [
                ['To confirm now', o.codConfirmation.toConfirm],
                ['Confirmed by the customer', o.codConfirmation.confirmed],
                ['Cancelled by the customer', o.codConfirmation.cancelled],
                ['Expired unanswered', o.codConfirmation.expired],
                ['Confirmed by you', o.codConfirmation.confirmedByShop],
                ['Cancelled by you: not wanted', o.codConfirmation.cancelledByShop],
              ] as const
            ).map(([label, value]) => (
              <div key={label} className="col-6 col-lg-3">
                <dt className="figure-label">{label}</dt>
                <dd className="figure-value mb-0">{value}</dd>
              </div>
            ))}
          </dl>
        </div>
      )}
      <p className="small text-muted-strong mt-3 mb-0">
        Sales are paid online orders and cash-on-delivery orders placed that day. Revenue is their total less cancelled
        orders and refunds (also those made later, which lower the day the order was placed). Days run midnight to
        midnight India time.
      </p>
    </div>
  );
}
