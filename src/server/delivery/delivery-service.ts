import { codVerdict, deliveryFeeFor, isServiceable } from '../../domain/pricing';
import type { DeliveryCheck, DeliverySettings } from '../../domain/schemas/delivery';
import { districtsOfPincode, statesOfPincode } from '../addresses/pincode-states';
import { writeAudit } from '../audit/audit-log';
import type { DB } from '../db/database';
import { getDeliverySettings, saveDeliverySettings } from './delivery-repository';

/**
 * Every checkout and pincode check reads the rules, so each process keeps them for a few seconds instead of
 * asking the database each time. A change made here is seen at once by this process; other processes (several
 * behind a proxy) see it within RULES_TTL_MS, which is why the TTL is short.
 */
export const RULES_TTL_MS = 5_000;
const cache = new WeakMap<DB, { rules: DeliverySettings; at: number }>();

export async function deliveryRules(db: DB): Promise<DeliverySettings> {
  const hit = cache.get(db);
  if (hit && Date.now() - hit.at < RULES_TTL_MS) return hit.rules;
  const rules = await getDeliverySettings(db);
  cache.set(db, { rules, at: Date.now() });
  return rules;
}

export async function updateDeliverySettings(db: DB, settings: DeliverySettings, actorUserId: number): Promise<DeliverySettings> {
  const saved = await db.transaction().execute(async (trx) => {
    await saveDeliverySettings(trx, settings);
    await writeAudit(trx, { actorUserId, action: 'settings.delivery.update', target: 'delivery_settings', details: { ...settings } });
    return getDeliverySettings(trx);
  });
  cache.set(db, { rules: saved, at: Date.now() });
  return saved;
}

/** The answer of GET /api/public/delivery/{pincode}, for an order of no particular value (fee before any threshold). */
export function checkPincode(rules: DeliverySettings, pincode: string): DeliveryCheck {
  const serviceable = isServiceable(rules, pincode);
  return {
    serviceable,
    // The COD limit depends on the order; the check tells whether the pincode can have COD at all.
    cod: serviceable && codVerdict({ ...rules, codMaxOrderValue: null }, pincode, 0).allowed,
    fee: deliveryFeeFor({ ...rules, freeDeliveryFrom: null }, 0),
    codFee: rules.codFee,
    freeFrom: rules.freeDeliveryFrom,
    estimate: { minDays: rules.estimateMinDays, maxDays: rules.estimateMaxDays },
    states: statesOfPincode(pincode),
    districts: districtsOfPincode(pincode),
  };
}
