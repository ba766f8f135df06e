import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ADMIN_ORDERS_PAGE_SIZE } from '../../../../domain/constants';
import { parseOrderNumber } from '../../../../domain/display';
import type { Order, OrderSort } from '../../../../domain/schemas/order';
import { LoadError } from '../../../components/load-error';
import { useAdminOrders, type OrderFilter } from '../api/orders-api';
import { LoadingDots } from '../ui/loading-dots';
import { useDebounced } from '../ui/use-debounced';
import { OrderCard } from './order-card';
import { OrderDetail } from './order-detail';
import { OrdersToolbar } from './orders-toolbar';
import { Pagination } from './pagination';
import { canShip, ShipSelected } from './ship-selected';

const SEARCH_DELAY_MS = 300;

function withoutListLink(params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(params);
  next.delete('filter');
  next.delete('q');
  return next;
}

/** A link into the list (the overview's failed refunds, a mail's order number): /admin?filter=refund-failed or ?q=GS-1043. */
function linkedList(params: URLSearchParams): { filter: OrderFilter; q: string } | null {
  const filter = params.get('filter');
  const q = params.get('q');
  if (filter !== 'refund-failed' && q === null) return null;
  return { filter: filter === 'refund-failed' ? filter : '', q: q ?? '' };
}

/** Your Orders: the server filters, searches, sorts and pages; this screen only asks. */
export function OrdersTab() {
  const [filter, setFilter] = useState<OrderFilter>('');
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<OrderSort>('newest');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<Order | null>(null);
  const [picked, setPicked] = useState<string[]>([]);
  const [params, setParams] = useSearchParams();
  const link = linkedList(params);
  const linkKey = link ? `${link.filter}|${link.q}` : null;
  const [appliedLink, setAppliedLink] = useState<string | null>(null);
  // A link opens the list it names, once, even when the tab was open already (adjusting state during render).
  if (linkKey !== appliedLink) {
    setAppliedLink(linkKey);
    if (link) {
      setFilter(link.filter);
      setSearch(link.q);
      setPage(1);
      setSelected(null);
    }
  }
  // Then it leaves the address, so changing the filter by hand is not undone by it.
  useEffect(() => {
    if (linkKey !== null) setParams((now) => withoutListLink(now), { replace: true });
  }, [linkKey, setParams]);
  const toggle = (orderid: string) => setPicked((now) => (now.includes(orderid) ? now.filter((id) => id !== orderid) : [...now, orderid]));
  const q = useDebounced(search, SEARCH_DELAY_MS);
  const [lastQ, setLastQ] = useState(q);
  // A new search starts from page 1 (adjusting state during render, as React recommends).
  if (q !== lastQ) {
    setLastQ(q);
    setPage(1);
  }
  const orders = useAdminOrders({ filter, q, sort, page });
  // "All orders" lists sales; a search there also says how many unpaid online orders match, one click away.
  // An order number finds its order in either list, so it needs no second count.
  const searchingAll = filter === '' && q.trim() !== '' && parseOrderNumber(q) === undefined;
  const unpaid = useAdminOrders({ filter: 'pending', q, sort, page: 1 }, { enabled: searchingAll });
  const unpaidMatches = searchingAll ? (unpaid.data?.total ?? 0) : 0;
  const lastViewed = useRef<string | null>(null);

  // Back from the detail: focus returns to the View button that opened it.
  useEffect(() => {
    if (selected || !lastViewed.current) return;
    const id = lastViewed.current;
    lastViewed.current = null;
    document.querySelector<HTMLButtonElement>(`[data-view-order="${CSS.escape(id)}"]`)?.focus();
  }, [selected]);

  function view(order: Order) {
    lastViewed.current = order.orderid;
    setSelected(order);
  }

  if (selected) return <OrderDetail order={selected} onBack={() => setSelected(null)} />;

  const total = orders.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / ADMIN_ORDERS_PAGE_SIZE));
  const list = orders.data?.items ?? [];
  const busy = orders.isFetching && (orders.isPlaceholderData || !orders.data);

  return (
    <div>
      <OrdersToolbar
        filter={filter}
        onFilter={(f) => {
          setFilter(f);
          setPage(1);
        }}
        search={search}
        onSearch={setSearch}
        appliedSearch={q}
        sort={sort}
        onSort={(s) => {
          setSort(s);
          setPage(1);
        }}
      />
      <div className="d-flex justify-content-between align-items-center my-3 small text-muted-strong" aria-live="polite">
        <span>{orders.data ? `${total} ${total === 1 ? 'order' : 'orders'}` : ''}</span>
        {orders.data && pages > 1 && <span>Page {page} of {pages}</span>}
      </div>
      {list.length > 0 && <ShipSelected picked={picked} orders={list} onDone={() => setPicked([])} />}
      {unpaidMatches > 0 && (
        <p className="small mb-3" data-testid="unpaid-matches">
          {unpaidMatches === 1 ? '1 unpaid online order also matches' : `${unpaidMatches} unpaid online orders also match`} “{q.trim()}”.{' '}
          <button
            type="button"
            className="btn btn-link btn-sm p-0 align-baseline"
            onClick={() => {
              setFilter('pending');
              setPage(1);
            }}
          >
            Show {unpaidMatches === 1 ? 'it' : 'them'}
          </button>
        </p>
      )}
      {busy && <LoadingDots label="Loading orders" />}
      {orders.isError && !orders.data && (
        <LoadError onRetry={() => void orders.refetch()}>The orders could not be loaded: {orders.error.message}</LoadError>
      )}
      {orders.data && list.length === 0 && !busy && <p className="empty-state">No orders found.</p>}
      {list.length > 0 && (
        <ul className={`admin-order-list list-unstyled${busy ? ' is-stale' : ''}`} aria-label="Orders" aria-busy={busy}>
          {list.map((order) => (
            <OrderCard
              key={order.orderid}
              order={order}
              onView={view}
              picked={canShip(order) ? { checked: picked.includes(order.orderid), onToggle: () => toggle(order.orderid) } : undefined}
            />
          ))}
        </ul>
      )}
      <Pagination page={Math.min(page, pages)} pages={pages} onPage={setPage} />
    </div>
  );
}
