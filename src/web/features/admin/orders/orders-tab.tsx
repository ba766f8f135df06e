import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { adminOrderPath, APP_ROUTES } from '../../../../domain/app-routes';
import { ADMIN_ORDERS_PAGE_SIZE } from '../../../../domain/constants';
import { orderNumber, parseOrderNumber } from '../../../../domain/display';
import type { Order, OrderSort } from '../../../../domain/schemas/order';
import { LoadError } from '../../../components/load-error';
import { useAdminOrders, type OrderFilter } from '../api/orders-api';
import { LoadingDots } from '../ui/loading-dots';
import { useDebounced } from '../ui/use-debounced';
import { OrderCard } from './order-card';
import { OrderDetailScreen } from './order-detail-screen';
import { DEFAULT_ORDERS_LIST, listStateOf, listToKeep, openedFromList, sameList, type OrdersListState } from './orders-list-state';
import { OrdersToolbar } from './orders-toolbar';
import { Pagination } from './pagination';
import { canShip, ShipSelected, type PickedOrder } from './ship-selected';

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

/**
 * Your Orders: the server filters, searches, sorts and pages; this screen only asks. An order opens at its own
 * address (`orderid`, from /admin/orders/{orderid}); the list's choices go with the list's history entry, so Back
 * finds them again, after a reload too.
 */
export function OrdersTab({ orderid }: { orderid: string | undefined }) {
  const location = useLocation();
  const navigate = useNavigate();
  const [initial] = useState(() => (orderid ? null : listStateOf(location.state)) ?? DEFAULT_ORDERS_LIST);
  const [filter, setFilter] = useState<OrderFilter>(initial.filter);
  const [search, setSearch] = useState(initial.search);
  const [sort, setSort] = useState<OrderSort>(initial.sort);
  const [page, setPage] = useState(initial.page);
  // The search asked of the server: the box's text once typing pauses, or at once when a link or Back sets it.
  const [q, setQ] = useState(initial.search);
  // Kept with their numbers, so orders ticked on one page are named right when shipped from another.
  const [picked, setPicked] = useState<PickedOrder[]>([]);
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
      setQ(link.q);
      setPage(1);
    }
  }
  // Then it leaves the address, so changing the filter by hand is not undone by it.
  useEffect(() => {
    if (linkKey !== null) setParams((now) => withoutListLink(now), { replace: true });
  }, [linkKey, setParams]);
  const toggle = ({ orderid, id }: Order) =>
    setPicked((now) => (now.some((p) => p.orderid === orderid) ? now.filter((p) => p.orderid !== orderid) : [...now, { orderid, number: orderNumber(id) }]));
  const typed = useDebounced(search, SEARCH_DELAY_MS);
  const [lastTyped, setLastTyped] = useState(typed);
  // A new search starts from page 1 (adjusting state during render, as React recommends).
  if (typed !== lastTyped) {
    setLastTyped(typed);
    if (typed !== q) {
      setQ(typed);
      setPage(1);
    }
  }
  // Back (or Forward) onto the list's entry of an earlier visit, after the page was reloaded on an order: the list
  // comes back as it was left. Without a reload the list never went away, and its state is the same.
  const [restoredEntry, setRestoredEntry] = useState(location.key);
  if (!orderid && location.key !== restoredEntry) {
    setRestoredEntry(location.key);
    const saved = listStateOf(location.state);
    // The list's own write (below) is a new entry too: it says what shows already, and half-typed text stays.
    if (saved && !sameList(saved, { filter, search: q, sort, page })) {
      setFilter(saved.filter);
      setSearch(saved.search);
      setQ(saved.search);
      setSort(saved.sort);
      setPage(saved.page);
    }
  }
  // The list's choices go with its history entry as they change, so a reload finds them as Back does; a link's
  // ?filter= or ?q= leaves the address first (the effect above), then its list is written.
  const keep = orderid || linkKey !== null ? null : listToKeep(listStateOf(location.state), { filter, search: q, sort, page });
  const keepText = keep ? JSON.stringify(keep) : null;
  useEffect(() => {
    if (!keepText) return;
    // An order opened (View) between the render and this effect: the browser is on the order's entry now, which is
    // not the list's to overwrite (View wrote the list's own entry already).
    if (window.location.pathname !== location.pathname || window.location.search !== location.search) return;
    void navigate({ pathname: location.pathname, search: location.search }, { replace: true, state: { ordersList: JSON.parse(keepText) } });
  }, [keepText, navigate, location.pathname, location.search]);
  const orders = useAdminOrders({ filter, q, sort, page });
  // "All orders" lists sales; a search there also says how many unpaid online orders match, one click away.
  // An order number finds its order in either list, so it needs no second count.
  const searchingAll = filter === '' && q.trim() !== '' && parseOrderNumber(q) === undefined;
  const unpaid = useAdminOrders({ filter: 'pending', q, sort, page: 1 }, { enabled: searchingAll });
  const unpaidMatches = searchingAll ? (unpaid.data?.total ?? 0) : 0;
  const lastViewed = useRef<string | null>(null);

  // Back from the detail: focus returns to the View button that opened it.
  useEffect(() => {
    if (orderid || !lastViewed.current) return;
    const id = lastViewed.current;
    lastViewed.current = null;
    document.querySelector<HTMLButtonElement>(`[data-view-order="${CSS.escape(id)}"]`)?.focus();
  }, [orderid]);

  function view(order: Order) {
    lastViewed.current = order.orderid;
    const ordersList: OrdersListState = { filter, search, sort, page };
    void navigate({ pathname: location.pathname, search: location.search }, { replace: true, state: { ordersList } });
    void navigate(adminOrderPath(order.orderid), { state: { fromList: true } });
  }

  // Opened from the list, the list is the entry before: going back to it keeps Forward and Back in step. From a
  // pasted link there is none in this shop, so the list opens afresh.
  function back() {
    if (openedFromList(location.state)) void navigate(-1);
    else void navigate(APP_ROUTES.admin);
  }

  if (orderid) return <OrderDetailScreen orderid={orderid} listed={orders.data?.items.find((o) => o.orderid === orderid)} onBack={back} />;

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
      {list.length > 0 && <ShipSelected picked={picked} onDone={() => setPicked([])} />}
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
              picked={canShip(order) ? { checked: picked.some((p) => p.orderid === order.orderid), onToggle: () => toggle(order) } : undefined}
            />
          ))}
        </ul>
      )}
      <Pagination page={Math.min(page, pages)} pages={pages} onPage={setPage} />
    </div>
  );
}
