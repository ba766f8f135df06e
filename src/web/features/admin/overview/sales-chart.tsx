import { useId } from 'react';
import { formatRupees } from '../../../../domain/display';
import type { OverviewDay } from '../../../../domain/schemas/admin-overview';

const W = 720;
const H = 260;
const PAD = { top: 16, right: 64, bottom: 36, left: 40 };
const PLOT_W = W - PAD.left - PAD.right;
const PLOT_H = H - PAD.top - PAD.bottom;

/** A round axis top at or above `max` (1, 2, 2.5, 5 × 10^n), so gridlines fall on readable numbers. */
export function niceCeil(max: number): number {
  if (max <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  const step = [1, 2, 2.5, 5, 10].find((s) => s * power >= max) ?? 10;
  return step * power;
}

const shortDate = (iso: string) =>
  new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-IN', { day: 'numeric', month: 'short', timeZone: 'UTC' });

const compactRupees = (n: number) =>
  n >= 100_000 ? `${(n / 100_000).toFixed(n % 100_000 === 0 ? 0 : 1)}L` : n >= 1000 ? `${(n / 1000).toFixed(n % 1000 === 0 ? 0 : 1)}k` : String(n);

/**
 * Orders per day as bars (left axis) and revenue per day as a line (right axis), drawn as plain SVG.
 * Screen readers get a summary label; the numbers themselves are in the table below the chart.
 */
export function SalesChart({ days }: { days: readonly OverviewDay[] }) {
  const titleId = useId();
  const maxOrders = niceCeil(Math.max(...days.map((d) => d.orders), 0));
  const maxRevenue = niceCeil(Math.max(...days.map((d) => d.revenue), 0));
  const slot = PLOT_W / Math.max(days.length, 1);
  const barW = Math.max(2, slot * 0.6);
  const x = (i: number) => PAD.left + slot * i + slot / 2;
  const yOrders = (n: number) => PAD.top + PLOT_H - (n / maxOrders) * PLOT_H;
  const yRevenue = (n: number) => PAD.top + PLOT_H - (n / maxRevenue) * PLOT_H;
  const ticks = [0, 0.25, 0.5, 0.75, 1];
  const line = days.map((d, i) => `${i === 0 ? 'M' : 'L'}${x(i).toFixed(1)},${yRevenue(d.revenue).toFixed(1)}`).join(' ');
  const totalOrders = days.reduce((n, d) => n + d.orders, 0);
  const totalRevenue = days.reduce((n, d) => n + d.revenue, 0);
  const summary = `Orders and revenue per day for the last ${days.length} days: ${totalOrders} orders, ${formatRupees(totalRevenue)} in all.`;

  return (
    <figure className="sales-chart mb-0">
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-labelledby={titleId} preserveAspectRatio="xMidYMid meet">
        <title id={titleId}>{summary}</title>
        {ticks.map((t) => {
          const y = PAD.top + PLOT_H - t * PLOT_H;
          return (
            <g key={t}>
              <line x1={PAD.left} x2={W - PAD.right} y1={y} y2={y} className="chart-grid" />
              <text x={PAD.left - 8} y={y + 4} textAnchor="end" className="chart-axis">{Math.round(t * maxOrders)}</text>
              <text x={W - PAD.right + 8} y={y + 4} textAnchor="start" className="chart-axis">{compactRupees(Math.round(t * maxRevenue))}</text>
            </g>
          );
        })}
        {days.map((d, i) => {
          const top = yOrders(d.orders);
          return (
            <g key={d.date}>
              <rect x={x(i) - barW / 2} y={top} width={barW} height={PAD.top + PLOT_H - top} rx={2} className="chart-bar">
                <title>{`${shortDate(d.date)}: ${d.orders} orders, ${formatRupees(d.revenue)}`}</title>
              </rect>
              {(i % 5 === 0 || i === days.length - 1) && (
                <text x={x(i)} y={H - PAD.bottom + 18} textAnchor="middle" className="chart-axis">{shortDate(d.date)}</text>
              )}
            </g>
          );
        })}
        <path d={line} className="chart-line" />
        {days.map((d, i) => (
          <circle key={d.date} cx={x(i)} cy={yRevenue(d.revenue)} r={d.revenue > 0 ? 3 : 0} className="chart-dot" />
        ))}
      </svg>
      <figcaption className="chart-legend">
        <span><span className="legend-swatch legend-bar" aria-hidden="true" /> Orders (left axis)</span>
        <span><span className="legend-swatch legend-line" aria-hidden="true" /> Revenue in Rs. (right axis)</span>
      </figcaption>
    </figure>
  );
}
