import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database';

/** The whole product's schema. Later changes come as new numbered files; this one never changes. */
export function initialMigration(dialect: Dialect) {
  const idType = dialect === 'postgres' ? 'serial' : 'integer';
  const blobType = dialect === 'postgres' ? 'bytea' : 'blob';

  return {
    async up(db: Kysely<unknown>) {
      const id = (name: string) =>
        db.schema.createTable(name).addColumn('id', sql.raw(idType) as never, (c) =>
          dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
        );

      await id('users')
        .addColumn('email', 'text', (c) => c.notNull().unique())
        .addColumn('username', 'text', (c) => c.notNull())
        .addColumn('mobilenumber', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('address', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('pincode', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('district', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('state', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('password_hash', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('user_roles')
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('role', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('user_roles_pk', ['user_id', 'role'])
        .execute();

      await id('products')
        .addColumn('name', 'text', (c) => c.notNull().unique())
        .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('offerpercentage', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('instock', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('ratings', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('rating_star', 'integer', (c) => c.notNull().defaultTo(5))
        .addColumn('default_size', 'integer', (c) => c.notNull())
        .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('product_sizes')
        .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
        .addColumn('size_ml', 'integer', (c) => c.notNull())
        .addColumn('price', 'integer', (c) => c.notNull())
        .addColumn('position', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('product_sizes_pk', ['product_id', 'size_ml'])
        .execute();

      await db.schema
        .createTable('images')
        .addColumn('hash', 'text', (c) => c.primaryKey())
        .addColumn('mime', 'text', (c) => c.notNull())
        .addColumn('width', 'integer', (c) => c.notNull())
        .addColumn('height', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('image_variants')
        .addColumn('hash', 'text', (c) => c.notNull().references('images.hash').onDelete('cascade'))
        .addColumn('variant', 'text', (c) => c.notNull())
        .addColumn('width', 'integer', (c) => c.notNull())
        .addColumn('height', 'integer', (c) => c.notNull())
        .addColumn('bytes', 'integer', (c) => c.notNull())
        .addColumn('data', sql.raw(blobType) as never, (c) => c.notNull())
        .addPrimaryKeyConstraint('image_variants_pk', ['hash', 'variant'])
        .execute();

      await db.schema
        .createTable('product_images')
        .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
        .addColumn('image_hash', 'text', (c) => c.notNull().references('images.hash'))
        .addColumn('position', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('product_images_pk', ['product_id', 'image_hash'])
        .execute();

      await id('orders')
        .addColumn('orderid', 'text', (c) => c.notNull().unique())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('receipt', 'text', (c) => c.notNull())
        .addColumn('username', 'text', (c) => c.notNull())
        .addColumn('emailaddress', 'text', (c) => c.notNull())
        .addColumn('mobilenumber', 'text', (c) => c.notNull())
        .addColumn('address', 'text', (c) => c.notNull())
        .addColumn('pincode', 'text', (c) => c.notNull())
        .addColumn('district', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('total_amount', 'integer', (c) => c.notNull())
        .addColumn('paymentmode', 'text', (c) => c.notNull())
        .addColumn('payment_status', 'text', (c) => c.notNull())
        .addColumn('paymentid', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('gateway_order_id', 'text')
        .addColumn('verified_at', 'text')
        .addColumn('paid_at', 'text')
        .addColumn('client_created_at', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addUniqueConstraint('orders_user_receipt_uq', ['user_id', 'receipt'])
        .execute();
      await db.schema.createIndex('orders_user_created_idx').on('orders').columns(['user_id', 'created_at']).execute();
      await db.schema.createIndex('orders_status_created_idx').on('orders').columns(['status', 'created_at']).execute();
      await db.schema.createIndex('orders_created_idx').on('orders').column('created_at').execute();
      await db.schema
        .createIndex('orders_payment_created_idx')
        .on('orders')
        .columns(['payment_status', 'created_at'])
        .execute();
      await db.schema.createIndex('orders_gateway_order_idx').on('orders').column('gateway_order_id').execute();

      await id('order_lines')
        .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('product_id', 'integer', (c) => c.references('products.id').onDelete('set null'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('size_ml', 'integer', (c) => c.notNull())
        .addColumn('unit_price', 'integer', (c) => c.notNull())
        .addColumn('item_qty', 'integer', (c) => c.notNull())
        .addColumn('line_total', 'integer', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('order_lines_order_idx').on('order_lines').column('order_id').execute();

      await id('payments')
        .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id'))
        .addColumn('gateway_payment_id', 'text', (c) => c.notNull().unique())
        .addColumn('gateway_order_id', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('amount', 'integer', (c) => c.notNull())
        .addColumn('error_description', 'text')
        .addColumn('source', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('payments_order_idx').on('payments').column('order_id').execute();

      await id('gateway_events')
        .addColumn('event_id', 'text', (c) => c.notNull().unique())
        .addColumn('event_type', 'text', (c) => c.notNull())
        .addColumn('payload', 'text', (c) => c.notNull())
        .addColumn('received_at', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('sandbox_orders')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('amount', 'integer', (c) => c.notNull())
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('receipt', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('sandbox_payments')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('order_id', 'text', (c) => c.notNull().references('sandbox_orders.id'))
        .addColumn('amount', 'integer', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('error_description', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('sandbox_payments_order_idx').on('sandbox_payments').column('order_id').execute();

      await id('password_reset_tokens')
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('used_at', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();

      await id('email_templates')
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('isdefault', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('email_templates_status_default_idx')
        .on('email_templates')
        .columns(['status', 'isdefault'])
        .execute();

      await db.schema
        .createTable('settings')
        .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
        .addColumn('emailsetting', 'integer', (c) => c.notNull())
        .addColumn('customeremail', 'integer', (c) => c.notNull())
        .addColumn('intialsubject', 'text', (c) => c.notNull())
        .addColumn('intialbody', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();

      await id('mail_outbox')
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('to_address', 'text', (c) => c.notNull())
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('text_body', 'text', (c) => c.notNull())
        .addColumn('html_body', 'text')
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_attempt_at', 'text', (c) => c.notNull())
        .addColumn('locked_until', 'text')
        .addColumn('last_error', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('sent_at', 'text')
        .execute();
      await db.schema
        .createIndex('mail_outbox_due_idx')
        .on('mail_outbox')
        .columns(['status', 'next_attempt_at'])
        .execute();

      await id('audit_log')
        .addColumn('actor_user_id', 'integer')
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('target', 'text', (c) => c.notNull())
        .addColumn('details', 'text', (c) => c.notNull().defaultTo('{}'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('app_meta')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .execute();

      await db.schema.createIndex('audit_log_created_idx').on('audit_log').column('created_at').execute();
    },
  };
}
