import { sql, type Kysely } from 'kysely';

/**
 * The shop's profile (Settings → Shop profile) in a row of its own, id 1: the name and home page words the shop showed
 * until now, and no contact numbers or addresses, so no button points at anyone until the owner sets them.
 */
export function shopProfileMigration() {
  return {
    async up(db: Kysely<unknown>) {
      let table = db.schema.createTable('shop_profile').addColumn('id', 'integer', (c) => c.primaryKey());
      for (const column of ['shop_name', 'tagline', 'description', 'whatsapp_number', 'instagram_url', 'facebook_url', 'updated_at']) {
        table = table.addColumn(column, 'text', (c) => c.notNull());
      }
      await table.execute();
      await sql`insert into shop_profile (id, shop_name, tagline, description, whatsapp_number, instagram_url, facebook_url, updated_at)
        values (1, ${'Ghee Shop'}, ${'Pure ghee, slow-cooked the old way'},
        ${'Premium small-batch ghee made from grass-fed butter, delivered to your door.'}, '', '', '', ${new Date().toISOString()})`.execute(db);
    },
  };
}
