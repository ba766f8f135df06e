import type { AdminOrdersQuery, Order } from '../../domain/schemas/order';
import type { Dialect, Executor } from '../db/database';
import { searchAdminOrders } from './admin-order-repository';
import { searchOrdersByInvoice } from './invoiced-orders-repository';

/** One page of the admin order list and how many match; narrowed to (not) invoiced orders when asked. */
export function adminOrderPage(executor: Executor, dialect: Dialect, query: AdminOrdersQuery): Promise<{ orders: Order[]; total: number }> {
  const { invoiced } = query;
  return invoiced ? searchOrdersByInvoice(executor, dialect, { ...query, invoiced }) : searchAdminOrders(executor, dialect, query);
}
