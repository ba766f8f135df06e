import type { Kysely } from 'kysely';

/**
 * A mail may name files to attach (the DELIVERED mail's tax invoice): a short JSON list of what to make, not the
 * files, so an outbox row stays a few kilobytes and the worker draws the PDF from the stored invoice when it sends.
 */
export function mailAttachmentsMigration() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('mail_outbox').addColumn('attachments', 'text').execute();
    },
  };
}
