import { useId, useState } from 'react';
import { toast } from 'react-toastify';
import { ORDER_STATUSES, ORDER_STATUS_LABELS } from '../../../../domain/order-status';
import type { OrderSort } from '../../../../domain/schemas/order';
import { downloadOrdersCsv, type OrderFilter } from '../api/orders-api';

interface OrdersToolbarProps {
  filter: OrderFilter;
  onFilter: (filter: OrderFilter) => void;
  search: string;
  onSearch: (q: string) => void;
  sort: OrderSort;
  onSort: (sort: OrderSort) => void;
  /** The settled search text, so the export matches the list on screen. */
  appliedSearch: string;
}

/** Status filter, search, the two sort buttons and the CSV export of what is filtered. */
export function OrdersToolbar(props: OrdersToolbarProps) {
  const id = useId();
  const [exporting, setExporting] = useState(false);

  async function exportCsv() {
    setExporting(true);
    try {
      await downloadOrdersCsv({ filter: props.filter, q: props.appliedSearch, sort: props.sort });
    } catch (err) {
      toast.error(err instanceof Error ? `Export failed: ${err.message}` : 'Export failed. Please try again.');
    } finally {
      setExporting(false);
    }
  }

  return (
    <div className="orders-toolbar">
      <div className="toolbar-filter">
        <label htmlFor={`${id}-filter`} className="form-label small fw-semibold mb-1">Status</label>
        <select
          id={`${id}-filter`}
          className="form-select"
          value={props.filter}
          onChange={(e) => props.onFilter(e.target.value as OrderFilter)}
        >
          <option value="">All orders</option>
          {ORDER_STATUSES.map((s) => (
            <option key={s} value={s}>{ORDER_STATUS_LABELS[s]}</option>
          ))}
          <option value="pending">Unpaid online</option>
          <option value="confirm">COD to confirm</option>
          <option value="refund-failed">Refund failed</option>
        </select>
      </div>
      <div className="toolbar-search">
        <label htmlFor={`${id}-search`} className="form-label small fw-semibold mb-1">Search</label>
        <input
          id={`${id}-search`}
          type="search"
          className="form-control"
          placeholder="Search by order number, order id or customer name..."
          value={props.search}
          onChange={(e) => props.onSearch(e.target.value)}
          autoComplete="off"
        />
      </div>
      <div className="toolbar-actions">
        <div className="btn-group" role="group" aria-label="Sort orders">
          <button
            type="button"
            className={`btn btn-sm ${props.sort === 'oldest' ? 'btn-amber' : 'btn-outline-amber'}`}
            aria-pressed={props.sort === 'oldest'}
            onClick={() => props.onSort('oldest')}
          >
            Sort Oldest First
          </button>
          <button
            type="button"
            className={`btn btn-sm ${props.sort === 'newest' ? 'btn-amber' : 'btn-outline-amber'}`}
            aria-pressed={props.sort === 'newest'}
            onClick={() => props.onSort('newest')}
          >
            Sort Newest First
          </button>
        </div>
        <button type="button" className="btn btn-sm btn-outline-secondary" onClick={exportCsv} disabled={exporting}>
          {exporting ? 'Exporting…' : 'Export CSV'}
        </button>
      </div>
    </div>
  );
}
