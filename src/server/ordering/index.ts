// The order's life: placing (COD and online), confirming and retrying payment, cancelling and refunding, with
// every write to orders, their lines and refunds. Other folders import ordering only from here (an ESLint zone
// says so), so what it offers them is this list and nothing else.
export { cancellationRoutes } from './cancel-routes';
export { checkoutRoutes } from './checkout-routes';
export { createOrderBatchWriter, type OrderBatchWriter } from './order-batch-writer';
export { placementLimitRoutes } from './placement-limit-routes';
export { refundRoutes } from './refund-routes';
export { shopConfig } from './shop-config';
export { statusRoutes } from './status-routes';
