import type { DeliverySettings } from '../../domain/schemas/delivery';
import type { Executor } from '../db/database';
import { nowIso } from '../db/database';

function list(json: string): string[] {
  const parsed: unknown = JSON.parse(json);
  return Array.isArray(parsed) ? parsed.filter((x): x is string => typeof x === 'string') : [];
}

/** The one row of delivery rules (created by migration 0021), in the wire shape. */
export async function getDeliverySettings(executor: Executor): Promise<DeliverySettings> {
  const row = await executor.selectFrom('delivery_settings').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
  return {
    pincodesAllowed: list(row.pincodes_allowed),
    pincodesBlocked: list(row.pincodes_blocked),
    deliveryFee: row.delivery_fee,
    freeDeliveryFrom: row.free_delivery_from,
    estimateMinDays: row.estimate_min_days,
    estimateMaxDays: row.estimate_max_days,
    codEnabled: row.cod_enabled === 1,
    codMaxOrderValue: row.cod_max_order_value,
    codFee: row.cod_fee,
    codBlocked: list(row.cod_blocked),
  };
}

export async function saveDeliverySettings(executor: Executor, s: DeliverySettings): Promise<void> {
  await executor
    .updateTable('delivery_settings')
    .set({
      pincodes_allowed: JSON.stringify(s.pincodesAllowed),
      pincodes_blocked: JSON.stringify(s.pincodesBlocked),
      delivery_fee: s.deliveryFee,
      free_delivery_from: s.freeDeliveryFrom,
      estimate_min_days: s.estimateMinDays,
      estimate_max_days: s.estimateMaxDays,
      cod_enabled: s.codEnabled ? 1 : 0,
      cod_max_order_value: s.codMaxOrderValue,
      cod_fee: s.codFee,
      cod_blocked: JSON.stringify(s.codBlocked),
      updated_at: nowIso(),
    })
    .where('id', '=', 1)
    .execute();
}
