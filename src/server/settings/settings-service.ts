import type { Settings } from '../../domain/schemas/settings';
import { writeAudit } from '../audit/audit-log';
import type { DB } from '../db/database';
import { getSettings, saveSettings } from './settings-repository';

/** The one settings row. */
export function currentSettings(db: DB): Promise<Settings> {
  return getSettings(db);
}

/** Replaces the one settings row whole and records who changed it. */
export async function updateSettings(db: DB, settings: Settings, actorUserId: number): Promise<Settings> {
  return db.transaction().execute(async (trx) => {
    const saved = await saveSettings(trx, settings);
    await writeAudit(trx, {
      actorUserId,
      action: 'settings.update',
      target: 'settings',
      details: { emailsetting: saved.emailsetting, customeremail: saved.customeremail, lowStockThreshold: saved.lowStockThreshold,
        reviewsNeedApproval: saved.reviewsNeedApproval,
        reviewRequestDays: saved.reviewRequestDays,
        codConfirmation: saved.codConfirmation,
        codConfirmHours: saved.codConfirmHours,
      },
    });
    return saved;
  });
}
