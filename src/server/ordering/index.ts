// The order's life: placing (COD and online), confirming and retrying payment, cancelling, refunding and shipping,
// with every write to orders, their lines, refunds and shipments. Other folders import ordering only from here (an
// ESLint zone says so), so what it offers them is this list and nothing else.
export { cancellationRoutes } from './cancel-routes';
export { checkoutRoutes } from './checkout-routes';
export { confirmationRoutes } from './confirm-routes';
export { applyWhatsappAnswer } from './whatsapp-answers';
export { expireUnconfirmedOrders } from './workflows/confirm-cod-order';
export { createOrderBatchWriter, type OrderBatchWriter } from './order-batch-writer';
export { placementLimitRoutes } from './placement-limit-routes';
export { refundRoutes } from './refund-routes';
export { shippingRoutes } from './shipping/ship-routes';
export { shopConfig } from './shop-config';
export { statusRoutes } from './status-routes';
