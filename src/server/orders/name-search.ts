import { sql, type RawBuilder } from 'kysely';
import type { Dialect, Executor } from '../db/database';
import { SALES_CONDITION as SALES } from './payment-scope';

/**
 * A search of the sales list for a term that may be part of many orders' customer name ("meena": 82,000 of a
 * million). The names the term matches, and how many sales each has, come from the trigger-kept `order_names`
 * (migration 0009-order-names); the page merges one ordered range of `orders_sale_name_created_idx` per
 * matching name, and the orders whose short id (but not name) holds the term come from the trigram index. So a
 * page costs what it skips within those ranges, never a pass over every match.
 */

/** More matching names than this and the merge has too many inputs; the caller searches match by match instead. */
export const MAX_MERGED_NAMES = 32;
/** Orders matched by short id alone are few (ids are random); past this the caller's search applies too. */
const MAX_ID_ONLY_MATCHES = 1000;

export interface NameSearch {
  /** Lower-cased; at least 3 characters (the trigram index's unit) and ASCII only (see nameSearchApplies). */
  term: string;
  /** LIKE pattern for the term, `%`, `_` and `\` escaped. */
  pattern: string;
  status: string | undefined;
  sort: 'newest' | 'oldest';
  offset: number;
  limit: number;
}

/**
 * SQLite's lower() and LIKE fold ASCII letters only, where its trigram index folds every script, so an ASCII
 * term finds the same orders through the names table as through the trigram index; other terms keep the latter.
 */
export function nameSearchApplies(term: string): boolean {
  return [...term].length >= 3 && /^[\x20-\x7e]*$/.test(term);
}


function statusCondition(status: string | undefined): RawBuilder<unknown> {
  return status ? sql` and status = ${status}` : sql``;
}

/** Orders whose short id holds the term and whose name does not (those are counted with their name). */
function idOnlyMatches(dialect: Dialect, search: NameSearch): RawBuilder<unknown> {
  const idMatch =
    dialect === 'postgres'
      ? sql`lower(substr(orderid, 7)) like ${search.pattern}`
      : sql`id in (select rowid from order_search where order_search match ${`shortid : "${search.term.replace(/"/g, '""')}"`})`;
  const nameDiffers = dialect === 'postgres' ? sql`lower(username) not like ${search.pattern}` : sql`lower(username) not like ${search.pattern} escape '\\'`;
  return sql`${idMatch} and ${SALES}${statusCondition(search.status)} and ${nameDiffers}`;
}

/**
 * Total and page ids of a sales search through the names table, or undefined when the term matches more than
 * MAX_MERGED_NAMES names or MAX_ID_ONLY_MATCHES orders by id alone (the caller's search then applies).
 */
export async function searchSalesByName(
  executor: Executor,
  dialect: Dialect,
  search: NameSearch,
): Promise<{ ids: number[]; total: number } | undefined> {
  const escape = dialect === 'postgres' ? sql`` : sql` escape '\\'`;
  const { rows: names } = await sql<{ name_key: string; n: number }>`
    select name_key, sum(n) as n from order_names
    where name_key like ${search.pattern}${escape} and ${SALES}${statusCondition(search.status)}
    group by name_key having sum(n) > 0 order by name_key limit ${MAX_MERGED_NAMES + 1}`.execute(executor);
  if (names.length > MAX_MERGED_NAMES) return undefined;

  // Read once: on SQLite, finding them costs a pass over the trigram lists the names share (noticeable for a
  // common name in a large shop), too much to pay again inside the page query.
  const { rows: idOnly } = await sql<{ id: number }>`
    select id from orders where ${idOnlyMatches(dialect, search)} limit ${MAX_ID_ONLY_MATCHES + 1}`.execute(executor);
  if (idOnly.length > MAX_ID_ONLY_MATCHES) return undefined;
  const total = names.reduce((sum, row) => sum + Number(row.n), 0) + idOnly.length;
  if (search.offset >= total) return { ids: [], total };

  // Past the middle, the page is read from the other end of the merge and turned round (the total is exact).
  const limit = Math.min(search.limit, total - search.offset);
  const fromOtherEnd = search.offset > total / 2;
  const offset = fromOtherEnd ? total - search.offset - limit : search.offset;
  const descending = (search.sort !== 'oldest') !== fromOtherEnd;
  const direction = sql.raw(descending ? 'desc' : 'asc');
  const order = sql`order by created_at ${direction}, id ${direction}`;
  const filters = sql`${SALES}${statusCondition(search.status)}`;
  const branches = names.map(({ name_key }) =>
    dialect === 'postgres'
      ? sql`(select id, created_at from orders where lower(username) = ${name_key} and ${filters} ${order})`
      : sql`select id, created_at from orders indexed by orders_sale_name_created_idx where lower(username) = ${name_key} and ${filters}`,
  );
  if (idOnly.length > 0) {
    const byId = sql`select id, created_at from orders where id in (${sql.join(idOnly.map((row) => Number(row.id)))})`;
    branches.push(dialect === 'postgres' ? sql`(${byId} ${order})` : byId);
  }
  // Each branch is read in list order from its index range and the database merges them (SQLite: MERGE (UNION
  // ALL); PostgreSQL: Merge Append, which it plans only when each branch states its order), so offset + limit
  // rows are read in all.
  const merged = sql.join(branches, sql` union all `);
  const { rows } = await (dialect === 'postgres'
    ? sql<{ id: number }>`select id from (${merged}) as merged ${order} limit ${limit} offset ${offset}`
    : sql<{ id: number }>`${merged} ${order} limit ${limit} offset ${offset}`
  ).execute(executor);
  const ids = rows.map((r) => Number(r.id));
  return { ids: fromOtherEnd ? ids.reverse() : ids, total };
}
