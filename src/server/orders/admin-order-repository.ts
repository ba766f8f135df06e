import { sql, type RawBuilder } from 'kysely';
import { ORDER_ID_PREFIX } from '../../domain/constants';
import { parseOrderNumber } from '../../domain/display';
import type { AdminOrdersQuery, Order } from '../../domain/schemas/order';
import type { Dialect, Executor } from '../db/database';
import { nameSearchApplies, searchSalesByName } from './name-search';
import { refundFailedColumn, withLinesForAdmin } from './order-repository';
import { failedRefundOrders } from './failed-refund-list-repository';
import { pendingConfirmationOrders } from './confirmation-list-repository';
import { SALES_CONDITION as SALES, UNPAID_CONDITION as UNPAID } from './payment-scope';

/** The trigram index finds substrings of at least this many characters; shorter ones are matched by scanning. */
const TRIGRAM = 3;

/** `%`, `_` and `\` typed by the admin are matched literally. */
function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/** Admins search the short order id (as displayed) or the customer's name; a pasted full id works too. */
function searchTerm(q: string | undefined): string | undefined {
  const term = q?.trim();
  if (!term) return undefined;
  const short = term.toLowerCase().startsWith(ORDER_ID_PREFIX) ? term.slice(ORDER_ID_PREFIX.length) : term;
  return short || undefined;
}

/**
 * Case-insensitive "contains" on the short order id (substr from 7 drops the 6-character 'order_' prefix, so
 * 'order' alone does not match every order) or the customer's name.
 * SQLite: a quoted FTS5 phrase over the trigram table matches exactly the substrings of 3+ characters.
 * PostgreSQL: LIKE on the very expressions the pg_trgm GIN indexes cover (backslash is LIKE's default escape).
 */
function searchCondition(dialect: Dialect, term: string): RawBuilder<boolean> {
  const pattern = containsPattern(term);
  if (dialect === 'postgres') {
    return sql<boolean>`(lower(substr(orderid, 7)) like ${pattern} or lower(username) like ${pattern})`;
  }
  if ([...term].length >= TRIGRAM) {
    const phrase = `"${term.replace(/"/g, '""')}"`;
    return sql<boolean>`id in (select rowid from order_search where order_search match ${phrase})`;
  }
  return sql<boolean>`(lower(substr(orderid, 7)) like ${pattern} escape '\\' or lower(username) like ${pattern} escape '\\')`;
}

interface ListFilter {
  list: RawBuilder<unknown>;
  status: string | undefined;
  search: RawBuilder<boolean> | undefined;
  /** SQLite: the partial index that holds exactly this list in order (its planner may otherwise sort 900,000 rows). */
  indexedBy: RawBuilder<unknown>;
}

function listIndex(dialect: Dialect, pending: boolean, status: string | undefined, searching: boolean): RawBuilder<unknown> {
  if (dialect !== 'sqlite' || searching) return sql``;
  const name = pending ? 'orders_unpaid_created_idx' : status ? 'orders_sale_status_created_idx' : 'orders_sale_created_idx';
  return sql.raw(` indexed by ${name}`);
}

function whereOf(filter: ListFilter) {
  const parts: RawBuilder<unknown>[] = [filter.list];
  if (filter.status) parts.push(sql`status = ${filter.status}`);
  if (filter.search) parts.push(filter.search);
  return sql.join(parts, sql` and `);
}

export type AdminListFilters = Pick<AdminOrdersQuery, 'status' | 'q' | 'payment'>;

/**
 * The condition that picks the orders of the admin list for these filters (sales or unpaid online, status,
 * search through the index). The CSV export uses it too, so the file always holds what the list shows.
 */
export function adminListCondition(dialect: Dialect, filters: AdminListFilters): RawBuilder<unknown> {
  const numbered = numberedOrder(filters);
  if (numbered !== undefined) return whereOf({ list: numbered.list, status: filters.status, search: sql<boolean>`id = ${numbered.id}`, indexedBy: sql`` });
  const term = searchTerm(filters.q);
  return whereOf({
    list: filters.payment === 'pending' ? UNPAID : SALES,
    status: filters.status,
    search: term ? searchCondition(dialect, term) : undefined,
    indexedBy: sql``,
  });
}

/**
 * An order number typed in the search box (GS-1043) names one order by its row id. On "All orders" it is found
 * whether or not it is paid: the owner looks up the number a customer reads out, and an unpaid online order is
 * exactly the one a caller asks about. The unpaid list keeps to unpaid orders.
 */
function numberedOrder(filters: AdminListFilters): { id: number; list: RawBuilder<unknown> } | undefined {
  const id = filters.q === undefined ? undefined : parseOrderNumber(filters.q);
  if (id === undefined) return undefined;
  return { id, list: filters.payment === 'pending' ? UNPAID : sql`(${SALES} or ${UNPAID})` };
}

/**
 * The exact number of orders in a list without a search: a sum over the trigger-kept `order_counts` (a few rows
 * per month, whatever the number of orders). A search counts its matches with its page (searchPage).
 */
async function countOrders(executor: Executor, filter: ListFilter, pending: boolean): Promise<number> {
  const list = pending ? UNPAID : SALES;
  const status = filter.status ? sql` and status = ${filter.status}` : sql``;
  const { rows } = await sql<{ n: number | null }>`select sum(n) as n from order_counts where ${list}${status}`.execute(executor);
  return Number(rows[0]?.n ?? 0);
}

/** From this many orders to skip, a page finds its month in the month counts first (fewer are skipped directly). */
export const MONTH_SKIP_FROM = 10_000;

export interface PagingOptions {
  /** Tests lower it to take the month path on a few dozen orders. */
  monthSkipFrom?: number;
}

export interface PageStart {
  /** Narrows the list to the orders from the page's month on, in the direction read. */
  bound: RawBuilder<unknown>;
  skip: number;
}

/**
 * Where the page that skips `offset` orders of the list starts: the month (`order_counts`, migration
 * 0009-paging-by-month) holding its first order, and how many of that month's orders come before it. A month is a
 * prefix of created_at, so "from this month on" is a range of the list's index: `created_at >= 'YYYY-MM'` going
 * up, `created_at <` the next later month going down.
 */
export async function monthStart(
  executor: Executor,
  filter: Pick<ListFilter, 'list' | 'status'>,
  descending: boolean,
  offset: number,
): Promise<PageStart> {
  const status = filter.status ? sql` and status = ${filter.status}` : sql``;
  const direction = sql.raw(descending ? 'desc' : 'asc');
  const { rows } = await sql<{ month: string; n: number }>`
    select month, sum(n) as n from order_counts where ${filter.list}${status}
    group by month order by month ${direction}`.execute(executor);
  let before = 0;
  let later: string | undefined;
  for (const row of rows) {
    const n = Number(row.n);
    if (before + n > offset) {
      if (!descending) return { bound: sql` and created_at >= ${row.month}`, skip: offset - before };
      return { bound: later === undefined ? sql`` : sql` and created_at < ${later}`, skip: offset - before };
    }
    before += n;
    later = row.month;
  }
  // Unreachable while counts and list are read in one snapshot (the offset is below the total); still exact.
  return { bound: sql``, skip: offset };
}

/**
 * Ids of one page. Skipping rows costs time in proportion to the offset, so a page past the middle of the list
 * is read from the other end (the total is exact, so both ends agree) and turned round, and a deep page starts
 * from its month (monthStart): whatever the offset, at most one month of orders is skipped.
 */
async function pageIds(
  executor: Executor,
  filter: ListFilter,
  query: AdminOrdersQuery,
  total: number,
  options: PagingOptions,
): Promise<number[]> {
  if (query.offset >= total) return [];
  let descending = query.sort !== 'oldest';
  let offset = query.offset;
  const limit = Math.min(query.limit, total - query.offset);
  const fromOtherEnd = offset > total / 2;
  if (fromOtherEnd) {
    descending = !descending;
    offset = total - query.offset - limit;
  }
  const deep = offset >= (options.monthSkipFrom ?? MONTH_SKIP_FROM);
  const start = deep ? await monthStart(executor, filter, descending, offset) : { bound: sql``, skip: offset };
  const direction = sql.raw(descending ? 'desc' : 'asc');
  const { rows } = await sql<{ id: number }>`
    select id from orders${filter.indexedBy} where ${whereOf(filter)}${start.bound}
    order by created_at ${direction}, id ${direction} limit ${limit} offset ${start.skip}`.execute(executor);
  const ids = rows.map((r) => Number(r.id));
  return fromOtherEnd ? ids.reverse() : ids;
}

/**
 * A search's total and page from one pass over its matches. The matches are found through the search index and
 * kept for the statement (materialized), then counted and sorted: each is read once instead of once for the total
 * and again for the page, and every page costs the same. (Walking the list in date order instead, PostgreSQL
 * could read all 900,000 rows looking for the five matches of a rare term.) The left join keeps the total when
 * the page is past the end.
 */
async function searchPage(executor: Executor, filter: ListFilter, query: AdminOrdersQuery): Promise<{ ids: number[]; total: number }> {
  const direction = sql.raw(query.sort === 'oldest' ? 'asc' : 'desc');
  const { rows } = await sql<{ total: number; id: number | null }>`
    with matches as materialized (select id, created_at from orders where ${whereOf(filter)})
    select counted.total, page.id
    from (select count(*) as total from matches) as counted
    left join (select id, created_at from matches order by created_at ${direction}, id ${direction} limit ${query.limit} offset ${query.offset}) as page on true
    order by page.created_at ${direction}, page.id ${direction}`.execute(executor);
  return {
    total: Number(rows[0]?.total ?? 0),
    ids: rows.flatMap((r) => (r.id === null ? [] : [Number(r.id)])),
  };
}

/** Sales searches by an ASCII term go through the names table unless the term matches too many names. */
async function totalAndPage(
  executor: Executor,
  dialect: Dialect,
  filter: ListFilter,
  query: AdminOrdersQuery,
  term: string | undefined,
  options: PagingOptions,
): Promise<{ ids: number[]; total: number }> {
  const pending = query.payment === 'pending';
  if (!filter.search) {
    const total = await countOrders(executor, filter, pending);
    return { total, ids: await pageIds(executor, filter, query, total, options) };
  }
  if (term && !pending && nameSearchApplies(term)) {
    const search = { ...query, term: term.toLowerCase(), pattern: containsPattern(term), status: query.status };
    const byName = await searchSalesByName(executor, dialect, search);
    if (byName) return byName;
  }
  return searchPage(executor, filter, query);
}

/**
 * One page of the admin order list and the total matching, both computed by the database through indexes
 * (migration 0009): at a million orders every page answers in milliseconds. Total and page are read in one
 * snapshot, so a page counted from the far end lines up with the total even while orders arrive.
 */
export async function searchAdminOrders(
  executor: Executor,
  dialect: Dialect,
  query: AdminOrdersQuery,
  options: PagingOptions = {},
): Promise<{ orders: Order[]; total: number }> {
  if (!executor.isTransaction) {
    // SQLite's WAL readers already see one snapshot per transaction; PostgreSQL needs repeatable read for that.
    const transaction = executor.transaction();
    return (dialect === 'postgres' ? transaction.setIsolationLevel('repeatable read') : transaction).execute((trx) =>
      searchAdminOrders(trx, dialect, query, options),
    );
  }
  if (query.confirmation === 'PENDING') return pendingConfirmationOrders(executor, query);
  if (query.refund === 'FAILED') return failedRefundOrders(executor, query);
  const numbered = numberedOrder(query);
  if (numbered !== undefined) return numberedPage(executor, numbered, query);
  const pending = query.payment === 'pending';
  const term = searchTerm(query.q);
  const filter: ListFilter = {
    list: pending ? UNPAID : SALES,
    status: query.status,
    search: term ? searchCondition(dialect, term) : undefined,
    indexedBy: listIndex(dialect, pending, query.status, term !== undefined),
  };
  const { total, ids } = await totalAndPage(executor, dialect, filter, query, term, options);
  if (ids.length === 0) return { orders: [], total };
  const rows = await executor.selectFrom('orders').selectAll().select(refundFailedColumn).where('id', 'in', ids).execute();
  const position = new Map(ids.map((id, i) => [id, i]));
  rows.sort((a, b) => (position.get(a.id) ?? 0) - (position.get(b.id) ?? 0));
  return { orders: await withLinesForAdmin(executor, rows), total };
}

/** The one order an order number names, as a page of the list (empty past page 1, or when the filters leave it out). */
async function numberedPage(executor: Executor, numbered: { id: number; list: RawBuilder<unknown> }, query: AdminOrdersQuery): Promise<{ orders: Order[]; total: number }> {
  const condition = whereOf({ list: numbered.list, status: query.status, search: sql<boolean>`id = ${numbered.id}`, indexedBy: sql`` });
  const { rows: found } = await sql<{ id: number }>`select id from orders where ${condition}`.execute(executor);
  if (found.length === 0) return { orders: [], total: 0 };
  if (query.offset > 0) return { orders: [], total: 1 };
  const rows = await executor.selectFrom('orders').selectAll().select(refundFailedColumn).where('id', '=', numbered.id).execute();
  return { orders: await withLinesForAdmin(executor, rows), total: 1 };
}
