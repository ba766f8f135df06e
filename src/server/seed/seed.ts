import type { FastifyBaseLogger } from 'fastify';
import { ORDER_STATUSES } from '../../domain/order-status';
import { ROLES } from '../../domain/constants';
import { slugsFor } from '../../domain/slug';
import { adminPasswordNotice, notices } from '../accounts/admin-notice';
import { generatedPassword } from '../accounts/admin-password-command';
import { hashPassword } from '../auth/passwords';
import type { Config } from '../config';
import type { DB, Executor } from '../db/database';
import { nowIso } from '../db/database';
import { DEFAULT_STATUS_TEMPLATES, INITIAL_ORDER_MAIL } from '../email-templates/default-mail-copy';
import { saveEncodedImage } from '../media/image-store';
import { SEED_PRODUCTS } from './catalogue-data';
import { loadCatalogueImages } from './catalogue-images';

export interface SeedOptions {
  /** Store the catalogue's pictures; tests that do not look at images leave them out. */
  images?: boolean;
}

const CATALOGUE_SEEDED = 'catalogue_seeded';

/** First-start data. Every step checks before it writes, so running it on every start never duplicates. */
export async function seedDatabase(db: DB, config: Config, log: FastifyBaseLogger, options: SeedOptions = {}) {
  await db.transaction().execute(async (trx) => {
    await seedSettings(trx);
    await seedTemplates(trx);
  });
  await seedAdmin(db, config, log);
  await seedCatalogue(db, options.images ?? true);
}

async function seedSettings(trx: Executor) {
  await trx
    .insertInto('settings')
    .values({
      id: 1,
      emailsetting: 1,
      customeremail: 1,
      intialsubject: INITIAL_ORDER_MAIL.subject,
      intialbody: INITIAL_ORDER_MAIL.body,
      updated_at: nowIso(),
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

async function seedTemplates(trx: Executor) {
  // Claimed through app_meta so two processes starting together on one database seed once.
  const claimed = await trx
    .insertInto('app_meta')
    .values({ key: 'templates_seeded', value: nowIso() })
    .onConflict((oc) => oc.column('key').doNothing())
    .returning('key')
    .executeTakeFirst();
  if (!claimed) return;
  const now = nowIso();
  await trx
    .insertInto('email_templates')
    .values(
      ORDER_STATUSES.map((status) => ({
        ...DEFAULT_STATUS_TEMPLATES[status],
        status,
        isdefault: 1,
        created_at: now,
        updated_at: now,
      })),
    )
    .execute();
}

async function seedAdmin(db: DB, config: Config, log: FastifyBaseLogger) {
  const email = config.ADMIN_EMAIL.trim().toLowerCase();
  const existing = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
  if (existing) return;
  const generated = !config.ADMIN_PASSWORD;
  const password = config.ADMIN_PASSWORD ?? generatedPassword();
  const passwordHash = await hashPassword(password);
  await db.transaction().execute(async (trx) => {
    const now = nowIso();
    const user = await trx
      .insertInto('users')
      .values({
        email,
        username: 'Shop Admin',
        mobilenumber: '',
        address: '',
        pincode: '',
        district: '',
        state: '',
        password_hash: passwordHash,
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) => oc.column('email').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!user) return;
    await trx
      .insertInto('user_roles')
      .values([
        { user_id: user.id, role: ROLES.USER },
        { user_id: user.id, role: ROLES.ADMIN },
      ])
      .execute();
  });
  if (generated) {
    // Framed plain text where the owner looks, not one JSON line among thousands; and never in the log itself,
    // which may be shipped elsewhere.
    notices.print(adminPasswordNotice(email, password, 'Admin account created with a generated password'));
    log.warn({ email }, 'admin account created with a generated password, printed once on stderr in a frame');
  } else {
    log.info({ email }, 'admin account created');
  }
}

async function seedCatalogue(db: DB, withImages: boolean) {
  const seeded = await db.selectFrom('app_meta').select('value').where('key', '=', CATALOGUE_SEEDED).executeTakeFirst();
  if (seeded) return;
  const images = withImages ? await Promise.all(SEED_PRODUCTS.map((p) => loadCatalogueImages(p.art))) : SEED_PRODUCTS.map(() => []);
  await db.transaction().execute(async (trx) => {
    const claimed = await trx
      .insertInto('app_meta')
      .values({ key: CATALOGUE_SEEDED, value: nowIso() })
      .onConflict((oc) => oc.column('key').doNothing())
      .returning('key')
      .executeTakeFirst();
    if (!claimed) return;
    const now = nowIso();
    const slugs = slugsFor(SEED_PRODUCTS.map((p) => p.name));
    for (const [index, product] of SEED_PRODUCTS.entries()) {
      const row = await trx
        .insertInto('products')
        .values({
          name: product.name,
          description: product.description,
          offerpercentage: product.offerpercentage,
          instock: product.instock ? 1 : 0,
          // Computed from published reviews: none yet.
          ratings: 0,
          rating_star: 0,
          default_size: product.quantity,
          position: index,
          slug: slugs[index] ?? '',
          ingredients: product.foodLabel.ingredients,
          allergens: product.foodLabel.allergens,
          veg_mark: product.foodLabel.vegMark,
          nutrition: JSON.stringify(product.foodLabel.nutritionPer100g),
          storage: product.foodLabel.storage,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('product_sizes')
        .values(
          product.quantitysize.map((size, position) => ({
            product_id: row.id,
            size_ml: size,
            price: product.price[position] ?? 0,
            position,
          })),
        )
        .execute();
      for (const [position, image] of (images[index] ?? []).entries()) {
        const hash = await saveEncodedImage(trx, image);
        await trx
          .insertInto('product_images')
          .values({ product_id: row.id, image_hash: hash, position })
          .onConflict((oc) => oc.columns(['product_id', 'image_hash']).doNothing())
          .execute();
      }
    }
  });
}
