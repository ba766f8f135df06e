import { useEffect, useId, useRef, useState } from 'react';
import { formatRupees } from '../../../../domain/display';
import type { OverviewDay } from '../../../../domain/schemas/admin-overview';
import { niceStep } from './chart-scale';

const H = 240;
const PAD = { top: 16, right: 52, bottom: 32, left: 36 };
const INTERVALS = 4;
// Room one date label needs, so labels never collide on a narrow screen.
const LABEL_SPACE = 52;

const shortDate = (iso: string) =>
  new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-IN', { day: 'numeric', month: 'short', timeZone: 'UTC' });

const compactRupees = (n: number) =>
  n >= 100_000 ? `${+(n / 100_000).toFixed(1)}L` : n >= 1000 ? `${+(n / 1000).toFixed(1)}k` : String(n);

/** The element's width in CSS pixels, so the chart is drawn 1:1 and its text stays readable on a phone. */
function useWidth<T extends HTMLElement>(fallback: number) {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(fallback);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.max(280, Math.floor(entry.contentRect.width)));
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
}

/**
 * Orders per day as bars (left axis) and revenue per day as a line (right axis), drawn as plain SVG.
 * Screen readers get a summary; the numbers themselves are in the table under the chart.
 */
export function SalesChart({ days }: { days: readonly OverviewDay[] }) {
  const titleId = useId();
  const { ref, width: W } = useWidth<HTMLElement>(720);
  const plotW = W - PAD.left - PAD.right;
  const plotH = H - PAD.top - PAD.bottom;
  const ordersStep = niceStep(Math.max(...days.map((d) => d.orders), 0) / INTERVALS, true);
  const revenueStep = niceStep(Math.max(...days.map((d) => d.revenue), 0) / INTERVALS, false);
  const maxOrders = ordersStep * INTERVALS;
  const maxRevenue = revenueStep * INTERVALS;
  const slot = plotW / Math.max(days.length, 1);
  const barW = Math.max(2, slot * 0.6);
  const labelEvery = Math.max(1, Math.ceil(LABEL_SPACE / slot));
  const x = (i: number) => PAD.left + slot * i + slot / 2;
  const yOrders = (n: number) => PAD.top + plotH - (n / maxOrders) * plotH;
  const yRevenue = (n: number) => PAD.top + plotH - (n / maxRevenue) * plotH;
  const line = days.map((d, i) => `${i === 0 ? 'M' : 'L'}${x(i).toFixed(1)},${yRevenue(d.revenue).toFixed(1)}`).join(' ');
  const totalOrders = days.reduce((n, d) => n + d.orders, 0);
  const totalRevenue = days.reduce((n, d) => n + d.revenue, 0);
  const summary = `Orders and revenue per day for the last ${days.length} days: ${totalOrders} orders, ${formatRupees(totalRevenue)} in all.`;
  const last = days.length - 1;

  return (
    <figure className="sales-chart mb-0" ref={ref}>
      <svg width={W} height={H} viewBox={`0 0 ${W} ${H}`} role="img" aria-labelledby={titleId}>
        <title id={titleId}>{summary}</title>
        {Array.from({ length: INTERVALS + 1 }, (_, k) => {
          const y = PAD.top + plotH - (k / INTERVALS) * plotH;
          return (
            <g key={k}>
              <line x1={PAD.left} x2={W - PAD.right} y1={y} y2={y} className="chart-grid" />
              <text x={PAD.left - 8} y={y + 4} textAnchor="end" className="chart-axis">{k * ordersStep}</text>
              <text x={W - PAD.right + 8} y={y + 4} textAnchor="start" className="chart-axis">{compactRupees(k * revenueStep)}</text>
            </g>
          );
        })}
        {days.map((d, i) => {
          const top = yOrders(d.orders);
          // Count labels back from today so the newest day is always labelled.
          const labelled = (last - i) % labelEvery === 0;
          return (
            <g key={d.date}>
              <rect x={x(i) - barW / 2} y={top} width={barW} height={PAD.top + plotH - top} rx={2} className="chart-bar">
                <title>{`${shortDate(d.date)}: ${d.orders} orders, ${formatRupees(d.revenue)}`}</title>
              </rect>
              {labelled && (
                <text x={x(i)} y={H - PAD.bottom + 18} textAnchor="middle" className="chart-axis">{shortDate(d.date)}</text>
              )}
            </g>
          );
        })}
        <path d={line} className="chart-line" />
        {days.map((d, i) => (d.revenue > 0 ? <circle key={d.date} cx={x(i)} cy={yRevenue(d.revenue)} r={3} className="chart-dot" /> : null))}
      </svg>
      <figcaption className="chart-legend">
        <span><span className="legend-swatch legend-bar" aria-hidden="true" /> Orders (left axis)</span>
        <span><span className="legend-swatch legend-line" aria-hidden="true" /> Revenue in Rs. (right axis)</span>
      </figcaption>
    </figure>
  );
}
