import type { Business } from '../../domain/schemas/business';
import { writeAudit } from '../audit/audit-log';
import type { DB, Executor } from '../db/database';
import { getBusiness, saveBusiness } from './business-repository';
import { businessSaved } from './business-snapshot';

/** The business details as saved (or their defaults). */
export function businessDetails(db: DB): Promise<Business> {
  return getBusiness(db);
}

/** Whether `gstin` (upper-cased) is the shop's own: a buyer cannot give it for a business invoice. */
export async function isShopsOwnGstin(db: Executor, gstin: string): Promise<boolean> {
  return gstin !== '' && (await getBusiness(db)).gstin === gstin;
}

/** Replaces the business details whole (already validated, state read from the GSTIN) and records who did it. */
export async function updateBusiness(db: DB, business: Business, actorUserId: number): Promise<Business> {
  const saved = await db.transaction().execute(async (trx) => {
    await saveBusiness(trx, business);
    await writeAudit(trx, { actorUserId, action: 'business.update', target: 'business', details: { gstin: business.gstin } });
    return getBusiness(trx);
  });
  businessSaved();
  return saved;
}
