import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database';

/**
 * users.orders_version changes whenever one of the user's orders is written, in the same transaction, so a
 * customer's order list can be kept as a ready answer and checked against the version on every request (the
 * request reads the user row anyway). Lines are only ever written together with their order.
 */
export function ordersVersionMigration(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      const run = (text: string) => sql.raw(text).execute(db);
      await run('alter table users add column orders_version integer not null default 0');
      if (dialect === 'sqlite') {
        const bump = (who: string) => `update users set orders_version = orders_version + 1 where id = ${who};`;
        await run(`create trigger users_orders_version_ai after insert on orders begin ${bump('new.user_id')} end`);
        await run(`create trigger users_orders_version_au after update on orders begin ${bump('new.user_id')} end`);
        await run(`create trigger users_orders_version_ad after delete on orders begin ${bump('old.user_id')} end`);
        return;
      }
      // One update per statement, whatever the number of orders; users are locked in id order so two statements
      // touching the same users never wait on each other crosswise.
      await run(`create function users_orders_version_bump() returns trigger language plpgsql as $$
        begin
          update users set orders_version = orders_version + 1
          where id in (select id from users where id in (select distinct user_id from changed_orders) order by id for update);
          return null;
        end $$`);
      for (const [name, event, table] of [
        ['ai', 'insert', 'new'],
        ['au', 'update', 'new'],
        ['ad', 'delete', 'old'],
      ] as const) {
        await run(`create trigger users_orders_version_${name} after ${event} on orders
          referencing ${table} table as changed_orders for each statement execute function users_orders_version_bump()`);
      }
    },
  };
}
