import { sql, type Kysely } from 'kysely';

/**
 * A COD order cancelled from Your Orders or the order page while it waited for its confirmation kept waiting: the
 * overview counted it "to confirm", and the expiry job, which takes the oldest waiting orders a batch at a time,
 * skipped it without ending it, so enough of them would hold every real one back. Cancelling now ends the question;
 * those cancelled before this are ended the same way (whoever cancelled them is in `cancelled_by`).
 */
export function cancelledStopsWaitingMigration() {
  return {
    async up(db: Kysely<unknown>) {
      await sql`update orders set confirmation = null, confirmation_result = 'CANCELLED'
        where status = 'CANCELLED' and confirmation = 'PENDING'`.execute(db);
    },
  };
}
