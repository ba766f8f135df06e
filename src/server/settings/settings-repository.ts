import type { Settings } from '../../domain/schemas/settings';
import type { Executor } from '../db/database';
import { nowIso } from '../db/database';

/** The one settings row (created by the first start), in the wire shape. */
export async function getSettings(executor: Executor): Promise<Settings> {
  const row = await executor.selectFrom('settings').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
  return {
    emailsetting: row.emailsetting === 1,
    customeremail: row.customeremail === 1,
    intialsubject: row.intialsubject,
    intialbody: row.intialbody,
    lowStockThreshold: row.low_stock_threshold,
    reviewsNeedApproval: row.reviews_need_approval === 1,
    reviewRequestDays: row.review_request_days,
    codConfirmation: row.cod_confirmation === 1,
    codConfirmHours: row.cod_confirm_hours,
  };
}

export async function saveSettings(executor: Executor, settings: Settings): Promise<Settings> {
  await executor
    .updateTable('settings')
    .set({
      emailsetting: settings.emailsetting ? 1 : 0,
      customeremail: settings.customeremail ? 1 : 0,
      intialsubject: settings.intialsubject,
      intialbody: settings.intialbody,
      // Left out (the original client): the threshold stays as it is.
      ...(settings.lowStockThreshold === undefined ? {} : { low_stock_threshold: settings.lowStockThreshold }),
      ...(settings.reviewsNeedApproval === undefined ? {} : { reviews_need_approval: settings.reviewsNeedApproval ? 1 : 0 }),
      ...(settings.reviewRequestDays === undefined ? {} : { review_request_days: settings.reviewRequestDays }),
      ...(settings.codConfirmation === undefined ? {} : { cod_confirmation: settings.codConfirmation ? 1 : 0 }),
      ...(settings.codConfirmHours === undefined ? {} : { cod_confirm_hours: settings.codConfirmHours }),
      updated_at: nowIso(),
    })
    .where('id', '=', 1)
    .execute();
  return getSettings(executor);
}
