// Query keys that more than one feature reads or refreshes: the studio and the checkout mark the shop's
// product list stale, the checkout the customer's order list. Each feature's own keys stay with it.
export const PRODUCTS_KEY = ['products'] as const;
export const MY_ORDERS_KEY = ['my-orders'] as const;
