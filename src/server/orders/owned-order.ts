import { ROLES } from '../../domain/constants';
import type { AuthUser } from '../auth/guards';
import type { Executor } from '../db/database';
import type { OrderRow } from '../db/schema';
import { notFound } from '../http/errors';
import { findOrderRow } from './order-repository';

export type OrderCaller = Pick<AuthUser, 'id' | 'roles'>;

export interface OwnedOrderRule {
  /** The 404's message: the same whether the order is missing or another customer's, so ids reveal nothing. */
  missing: string;
  /** Paying is for the order's own customer: an admin may not pay another's order. */
  ownerOnly?: boolean;
}

/** The order with this id when it is the caller's (or the caller is an admin), else a 404. */
export async function findOwnedOrder(executor: Executor, orderid: string, caller: OrderCaller, rule: OwnedOrderRule): Promise<OrderRow> {
  const row = await findOrderRow(executor, orderid);
  if (!row || (row.user_id !== caller.id && (rule.ownerOnly || !caller.roles.includes(ROLES.ADMIN)))) throw notFound(rule.missing);
  return row;
}
