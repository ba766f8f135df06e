import type { Kysely } from 'kysely';

/**
 * A refund the gateway failed may be paid back another way (bank transfer, UPI, cash): the row becomes PROCESSED, as
 * money that went back, and keeps how, with what reference, note, when and by whom. `gateway_also_paid_at` is set
 * once when the gateway later reports the same refund processed after all, so the owner is told once that the
 * customer may have been paid twice.
 */
export function refundsSettledOutsideMigration() {
  return {
    async up(db: Kysely<unknown>) {
      for (const column of ['settled_method', 'settled_reference', 'settled_note', 'settled_at', 'gateway_also_paid_at']) {
        await db.schema.alterTable('refunds').addColumn(column, 'text').execute();
      }
      await db.schema.alterTable('refunds').addColumn('settled_by', 'integer').execute();
    },
  };
}
