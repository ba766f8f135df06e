import { describe, expect, it } from 'vitest';
import { listStateOf, openedFromList } from './orders-list-state';

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

  it('says an order was opened from the list only when its entry says so', () => {
    expect(openedFromList({ fromList: true })).toBe(true);
    expect(openedFromList({ fromList: 'yes' })).toBe(false);
    expect(openedFromList(null)).toBe(false);
  });
});
