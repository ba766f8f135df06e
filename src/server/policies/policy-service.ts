import type { Policies } from '../../domain/policies';
import { writeAudit } from '../audit/audit-log';
import type { DB } from '../db/database';
import { getPolicyTexts, savePolicyTexts } from './policy-repository';

/** Every policy's text as written, `{{field}}`s and all. */
export function policyTexts(db: DB): Promise<Policies> {
  return getPolicyTexts(db);
}

/** Replaces every policy's text and records who did it; answers the texts as saved. */
export async function updatePolicies(db: DB, policies: Policies, actorUserId: number): Promise<Policies> {
  return db.transaction().execute(async (trx) => {
    await savePolicyTexts(trx, policies);
    await writeAudit(trx, { actorUserId, action: 'policies.update', target: 'policies', details: {} });
    return getPolicyTexts(trx);
  });
}
