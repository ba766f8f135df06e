import { ORDER_STATUSES } from '../../../../domain/order-status';
import { ORDER_SORTS, type OrderSort } from '../../../../domain/schemas/order';
import type { OrderFilter } from '../api/orders-api';

/** What the owner had chosen in Your Orders, kept with the list's entry in the browser's history. */
export interface OrdersListState {
  filter: OrderFilter;
  search: string;
  sort: OrderSort;
  page: number;
}

export const DEFAULT_ORDERS_LIST: OrdersListState = { filter: '', search: '', sort: 'newest', page: 1 };

const FILTERS: readonly string[] = ['', ...ORDER_STATUSES, 'pending', 'confirm', 'refund-failed'];
const MAX_SEARCH = 200;

/**
 * History entries carry the list's state (`{ ordersList }`) and the order's entry says it was opened from the list
 * (`{ fromList: true }`). History state outlives a reload and any release of the app, so it is read warily: anything
 * not as written now is ignored.
 */
export function listStateOf(state: unknown): OrdersListState | null {
  if (typeof state !== 'object' || state === null || !('ordersList' in state)) return null;
  const list: unknown = state.ordersList;
  if (typeof list !== 'object' || list === null) return null;
  const { filter, search, sort, page } = list as Record<string, unknown>;
  if (typeof filter !== 'string' || !FILTERS.includes(filter)) return null;
  if (typeof search !== 'string' || search.length > MAX_SEARCH) return null;
  if (typeof sort !== 'string' || !(ORDER_SORTS as readonly string[]).includes(sort)) return null;
  if (typeof page !== 'number' || !Number.isInteger(page) || page < 1) return null;
  return { filter: filter as OrderFilter, search, sort: sort as OrderSort, page };
}

export function openedFromList(state: unknown): boolean {
  return typeof state === 'object' && state !== null && 'fromList' in state && state.fromList === true;
}

export function sameList(a: OrdersListState, b: OrdersListState): boolean {
  return a.filter === b.filter && a.search === b.search && a.sort === b.sort && a.page === b.page;
}

/**
 * What the list's history entry should say now that the list shows `now` (the search as asked of the server), or
 * null when it says so already: an entry that never held a list needs nothing written for the list as it opens.
 */
export function listToKeep(saved: OrdersListState | null, now: OrdersListState): OrdersListState | null {
  return sameList(saved ?? DEFAULT_ORDERS_LIST, now) ? null : now;
}
