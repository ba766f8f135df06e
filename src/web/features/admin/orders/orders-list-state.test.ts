import { describe, expect, it } from 'vitest';
import { DEFAULT_ORDERS_LIST, listStateOf, listToKeep, openedFromList } from './orders-list-state';

describe("the orders list's state in a history entry", () => {
  it('is read back as it was written', () => {
    const ordersList = { filter: 'refund-failed', search: 'tara', sort: 'oldest', page: 3 };
    expect(listStateOf({ ordersList })).toEqual(ordersList);
    expect(listStateOf({ ordersList: { filter: 'READY', search: '', sort: 'newest', page: 1 } })?.filter).toBe('READY');
  });

  it('is ignored when absent or not as written now', () => {
    for (const state of [null, undefined, 'x', {}, { ordersList: null }, { ordersList: { filter: 'NOPE', search: '', sort: 'newest', page: 1 } },
      { ordersList: { filter: '', search: 5, sort: 'newest', page: 1 } }, { ordersList: { filter: '', search: '', sort: 'random', page: 1 } },
      { ordersList: { filter: '', search: '', sort: 'newest', page: 0 } }, { ordersList: { filter: '', search: '', sort: 'newest', page: 1.5 } },
      { ordersList: { filter: '', search: 'x'.repeat(201), sort: 'newest', page: 1 } }]) {
      expect(listStateOf(state), JSON.stringify(state)).toBeNull();
    }
  });

  it('is written as the list changes, and only when the entry says something else', () => {
    const confirm = { ...DEFAULT_ORDERS_LIST, filter: 'confirm' as const };
    expect(listToKeep(null, confirm)).toEqual(confirm);
    expect(listToKeep(confirm, confirm)).toBeNull();
    expect(listToKeep(confirm, { ...confirm, page: 2 })).toEqual({ ...confirm, page: 2 });
    // Back to the list as it opens: the entry is told, or a reload would bring the old choice back.
    expect(listToKeep(confirm, DEFAULT_ORDERS_LIST)).toEqual(DEFAULT_ORDERS_LIST);
    expect(listToKeep(null, DEFAULT_ORDERS_LIST)).toBeNull();
  });

  it('says an order was opened from the list only when its entry says so', () => {
    expect(openedFromList({ fromList: true })).toBe(true);
    expect(openedFromList({ fromList: 'yes' })).toBe(false);
    expect(openedFromList(null)).toBe(false);
  });
});
