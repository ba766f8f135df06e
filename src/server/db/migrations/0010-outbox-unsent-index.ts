import { sql, type Kysely } from 'kysely';

/**
 * The worker claims the oldest due mails, in id order, a batch at a time. Behind a long history of sent mail the
 * (status, next_attempt_at) index gives the due rows in date order, to be sorted by id on every claim; this partial
 * index holds only the unsent rows, in id order, so a claim reads about as many entries as it takes. The same
 * statement works on both databases; the claim's WHERE repeats the predicate word for word.
 */
export function outboxUnsentIndexMigration() {
  return {
    async up(db: Kysely<unknown>) {
      await sql`create index mail_outbox_unsent_idx on mail_outbox (id) where status in ('pending', 'sending')`.execute(db);
    },
  };
}
