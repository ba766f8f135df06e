import { useId, useState } from 'react';
import { formatSize, shopTimestamp } from '../../../../domain/display';
import type { StockLevel } from '../../../../domain/stock';
import { LoadError } from '../../../components/load-error';
import { useSettings } from '../api/settings-api';
import { LoadingDots } from '../ui/loading-dots';
import { useStockLevels, useStudioProductsForStock } from './stock-api';
import { emptyStockWords, sortLevels, stockBadge, stockSummary, switchedOffProducts, untrackedSizes, type UntrackedSize } from './stock-rows';
import './stock.css';

/** Stock times are UTC stamps; the admin reads them in shop time. */
function when(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : shopTimestamp(date).slice(0, 16).replace('T', ' ');
}

function openStudio() {
  // As the Products tab does: the studio needs this tab's session, which a new tab gets only with its opener.
  window.open('/studio', '_blank');
}

const SWITCHED_OFF = 'Sold out: the product’s in-stock switch is off in the studio';

function LevelRow({ level, switchedOff }: { level: StockLevel; switchedOff: boolean }) {
  const badge = stockBadge(level, switchedOff);
  return (
    <li className={`stock-item${level.negative ? ' stock-item-negative' : level.low ? ' stock-item-low' : ''}`}>
      <div className="stock-item-main">
        <p className="stock-item-name mb-0">
          {level.name} <span className="text-muted-strong fw-normal">{formatSize(level.size)}</span>
        </p>
        <p className="small text-muted-strong mb-0">Changed {when(level.updatedAt)}</p>
        {switchedOff && <p className="small text-danger-strong mb-0">{SWITCHED_OFF}</p>}
        {level.negative && (
          <p className="small text-danger-strong mb-0">
            A payment arrived after its order&apos;s hold ended, so more were sold than counted. Count the shelf and set the real number in the
            studio.
          </p>
        )}
      </div>
      <div className="stock-item-side">
        <span className="stock-count">
          {level.stock}
          <span className="stock-count-unit"> {Math.abs(level.stock) === 1 ? 'bottle' : 'bottles'}</span>
        </span>
        <span className={`status-badge ${badge.className}`}>{badge.text}</span>
      </div>
    </li>
  );
}

function UntrackedRow({ size, switchedOff }: { size: UntrackedSize; switchedOff: boolean }) {
  return (
    <li className="stock-item stock-item-untracked">
      <div className="stock-item-main">
        <p className="stock-item-name mb-0">
          {size.name} <span className="text-muted-strong fw-normal">{formatSize(size.size)}</span>
        </p>
        {switchedOff ? <p className="small text-danger-strong mb-0">{SWITCHED_OFF}</p> : <p className="small text-muted-strong mb-0">Always for sale</p>}
      </div>
      <div className="stock-item-side">
        <span className="status-badge status-neutral">Not tracked</span>
        {switchedOff && <span className="status-badge status-cancelled">Sold out</span>}
      </div>
    </li>
  );
}

/** Beyond the spec: every counted size, what needs restocking on top; untracked sizes on request, last. */
export function StockTab({ active }: { active: boolean }) {
  const id = useId();
  const [showUntracked, setShowUntracked] = useState(false);
  const stock = useStockLevels(active);
  // Always read: a product's own in-stock switch sells out every size, counted or not.
  const products = useStudioProductsForStock(active);
  const threshold = useSettings().data?.lowStockThreshold;
  const levels = stock.data ? sortLevels(stock.data) : undefined;
  const summary = levels ? stockSummary(levels) : undefined;
  const untracked = showUntracked && products.data ? untrackedSizes(products.data) : [];
  const off = switchedOffProducts(products.data ?? []);

  return (
    <div>
      <div className="d-flex flex-wrap justify-content-between align-items-start gap-3 mb-3">
        <div>
          <p className="text-muted-strong small mb-1">
            Counted sizes, those that need bottles first.
            {threshold !== undefined && <> A size is low at {threshold} bottles or fewer (Settings).</>}
          </p>
          {summary && (
            <p className="small fw-semibold mb-0" data-testid="stock-summary">
              {summary.tracked} counted · {summary.low} low · {summary.negative} below zero
            </p>
          )}
        </div>
        <div className="d-flex flex-wrap align-items-center gap-3">
          <div className="form-check form-switch mb-0">
            <input
              id={`${id}-untracked`}
              type="checkbox"
              role="switch"
              className="form-check-input"
              checked={showUntracked}
              onChange={(e) => setShowUntracked(e.target.checked)}
            />
            <label htmlFor={`${id}-untracked`} className="form-check-label small">
              Show sizes not tracked
            </label>
          </div>
          <button type="button" className="btn btn-sm btn-outline-amber" onClick={openStudio}>
            Set counts in the studio <span aria-hidden="true">↗</span>
          </button>
        </div>
      </div>
      {stock.isPending && <LoadingDots label="Loading stock" />}
      {stock.isError && <LoadError onRetry={() => void stock.refetch()}>The stock list could not be loaded: {stock.error.message}</LoadError>}
      {levels?.length === 0 && !showUntracked && !products.isPending && (
        <p className="empty-state" data-testid="stock-empty">
          {emptyStockWords(products.data ?? [])}
        </p>
      )}
      {levels && (levels.length > 0 || showUntracked) && (
        <ul className="stock-list list-unstyled" aria-label="Stock levels">
          {levels.map((level) => (
            <LevelRow key={`${level.productId}:${level.size}`} level={level} switchedOff={off.has(level.productId)} />
          ))}
          {untracked.map((size) => (
            <UntrackedRow key={`${size.productId}:${size.size}`} size={size} switchedOff={off.has(size.productId)} />
          ))}
        </ul>
      )}
      {showUntracked && products.isPending && <LoadingDots label="Loading sizes not tracked" />}
      {products.isError && (
        <LoadError onRetry={() => void products.refetch()}>The products (their sizes not tracked and in-stock switches) could not be loaded: {products.error.message}</LoadError>
      )}
    </div>
  );
}
