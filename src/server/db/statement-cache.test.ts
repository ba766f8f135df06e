import SqliteDatabase from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { STATEMENT_CACHE_MAX_PARAMETERS, withStatementCache } from './database';

/** An insert of `rows` rows into a table of five columns, as a group commit writes them. */
const insertOf = (rows: number) => `insert into t (a, b, c, d, e) values ${Array.from({ length: rows }, () => '(?, ?, ?, ?, ?)').join(', ')}`;

describe('SQLite statement cache', () => {
  const sqlite = new SqliteDatabase(':memory:');
  sqlite.exec('create table t (a, b, c, d, e)');
  afterEach(() => sqlite.exec('delete from t'));

  it('answers the same prepared statement for the same text', () => {
    const cache = withStatementCache(sqlite);
    const text = insertOf(1);
    expect(cache.prepare(text)).toBe(cache.prepare(text));
  });

  it('prepares a statement with more parameters than the limit anew each time, and it still runs', () => {
    const cache = withStatementCache(sqlite);
    const rows = Math.floor(STATEMENT_CACHE_MAX_PARAMETERS / 5) + 1;
    const text = insertOf(rows);
    const first = cache.prepare(text);
    expect(cache.prepare(text)).not.toBe(first);
    first.run(...Array.from({ length: rows * 5 }, (_, i) => i));
    expect(sqlite.prepare('select count(*) as n from t').get()).toEqual({ n: rows });
    // Just under the limit is still kept.
    const kept = insertOf(Math.floor(STATEMENT_CACHE_MAX_PARAMETERS / 5));
    expect(cache.prepare(kept)).toBe(cache.prepare(kept));
  });
});
