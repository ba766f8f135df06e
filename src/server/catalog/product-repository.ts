import { sql } from 'kysely';
import type { FoodLabel, NutritionPer100g, VegMark } from '../../domain/schemas/food-label';
import type { Product } from '../../domain/schemas/product';
import type { StudioProduct } from '../../domain/schemas/studio';
import type { Executor } from '../db/database';
import { nowIso } from '../db/database';
import type { ProductRow } from '../db/schema';
import { mediaUrl } from '../media/image-store';
import { publicStock } from '../../domain/stock';
import { packedWeightFromSize } from '../../domain/shipping';

export type CatalogueProduct = Product;

/** The product fields a write sets (images are attached separately). */
export interface ProductFields extends FoodLabel {
  name: string;
  description: string;
  offerpercentage: number;
  instock: boolean;
  price: number[];
  quantitysize: number[];
  quantity: number;
  hsn: string;
  gstRate: number;
  bestBeforeMonths: number;
  countryOfOrigin: string;
  /** Per size; left out, each size keeps its packed weight and a new one starts from the size's rule. */
  weightGrams?: number[] | undefined;
}

interface SizeRow {
  product_id: number;
  size_ml: number;
  price: number;
  /** Null when the size is not tracked. */
  stock: number | null;
  /** The size's own picture; null for none. */
  image_hash: string | null;
  /** 0 for a size whose packed weight was never set: the size's rule applies. */
  weight_grams: number;
}

/** A size's picture, when it is still one of the product's (the service keeps it so; this is the last guard). */
const sizeImage = (s: SizeRow, hashes: string[]) => (s.image_hash && hashes.includes(s.image_hash) ? s.image_hash : null);

function toProduct(p: ProductRow, sizes: SizeRow[], hashes: string[]): Product {
  const facts = sizes.map((s) => publicStock(s.stock));
  // Every size sold out makes the whole product out of stock, wherever it is shown.
  const anyLeft = facts.length === 0 || facts.some((f) => f.inStock);
  return {
    _id: String(p.id),
    name: p.name,
    offerpercentage: p.offerpercentage,
    instock: p.instock === 1 && anyLeft,
    ratings: p.ratings,
    ratingStar: Number(p.rating_star),
    description: p.description,
    price: sizes.map((s) => s.price),
    quantitysize: sizes.map((s) => s.size_ml),
    quantity: p.default_size,
    images: hashes.map((hash) => mediaUrl(hash, 'card')),
    slug: p.slug,
    hsn: p.hsn,
    gstRate: p.gst_rate,
    bestBeforeMonths: p.best_before_months,
    countryOfOrigin: p.country_of_origin,
    ingredients: p.ingredients,
    allergens: p.allergens,
    vegMark: p.veg_mark === 'NONVEG' ? 'NONVEG' : ('VEG' satisfies VegMark),
    nutritionPer100g: p.nutrition ? (JSON.parse(p.nutrition) as NutritionPer100g) : null,
    storage: p.storage,
    reviewsUpdatedAt: p.reviews_updated_at,
    sizeInStock: facts.map((f) => f.inStock),
    stockLeft: facts.map((f) => f.left),
    sizeImages: sizes.map((s) => {
      const hash = sizeImage(s, hashes);
      return hash ? mediaUrl(hash, 'card') : null;
    }),
  };
}

function toStudioProduct(p: ProductRow, sizes: SizeRow[], hashes: string[]): StudioProduct {
  return {
    ...toProduct(p, sizes, hashes),
    gallery: hashes.map((hash) => ({
      hash,
      card: mediaUrl(hash, 'card'),
      thumb: mediaUrl(hash, 'thumb'),
      gallery: mediaUrl(hash, 'gallery'),
    })),
    updatedAt: p.updated_at,
    stock: sizes.map((s) => s.stock ?? null),
    sizeImageHashes: sizes.map((s) => sizeImage(s, hashes)),
    weightGrams: sizes.map((s) => s.weight_grams || packedWeightFromSize(s.size_ml)),
  };
}

/** Products (all, or the given ids) with their sizes and image hashes, in three queries whatever the count. */
async function loadRows(db: Executor, ids?: number[]) {
  if (ids && ids.length === 0) return [];
  let products = db.selectFrom('products').selectAll().orderBy('position').orderBy('id');
  let sizes = db
    .selectFrom('product_sizes')
    .leftJoin('stock_levels', (join) =>
      join.onRef('stock_levels.product_id', '=', 'product_sizes.product_id').onRef('stock_levels.size_ml', '=', 'product_sizes.size_ml'),
    )
    .leftJoin('product_size_images', (join) =>
      join
        .onRef('product_size_images.product_id', '=', 'product_sizes.product_id')
        .onRef('product_size_images.size_ml', '=', 'product_sizes.size_ml'),
    )
    .select(['product_sizes.product_id', 'product_sizes.size_ml', 'product_sizes.price', 'product_sizes.weight_grams', 'stock_levels.stock', 'product_size_images.image_hash'])
    .orderBy('product_sizes.product_id')
    .orderBy('product_sizes.position');
  let images = db.selectFrom('product_images').select(['product_id', 'image_hash']).orderBy('product_id').orderBy('position');
  if (ids) {
    products = products.where('id', 'in', ids);
    sizes = sizes.where('product_sizes.product_id', 'in', ids);
    images = images.where('product_id', 'in', ids);
  }
  const [productRows, sizeRows, imageRows] = await Promise.all([products.execute(), sizes.execute(), images.execute()]);
  const sizesOf = groupBy(sizeRows, (s) => s.product_id);
  const imagesOf = groupBy(imageRows, (i) => i.product_id);
  return productRows.map((p) => ({
    row: p,
    sizes: sizesOf.get(p.id) ?? [],
    hashes: (imagesOf.get(p.id) ?? []).map((i) => i.image_hash),
  }));
}

/** Every product in display order, in the wire shape of DESIGN.md §3. */
export async function listCatalogue(db: Executor): Promise<Product[]> {
  return (await loadRows(db)).map((p) => toProduct(p.row, p.sizes, p.hashes));
}

export async function listStudioProducts(db: Executor): Promise<StudioProduct[]> {
  return (await loadRows(db)).map((p) => toStudioProduct(p.row, p.sizes, p.hashes));
}

export async function findStudioProduct(db: Executor, id: number): Promise<StudioProduct | null> {
  const [p] = await loadRows(db, [id]);
  return p ? toStudioProduct(p.row, p.sizes, p.hashes) : null;
}

/** The bare product row: enough to know it exists and to name it in the audit trail. */
export async function findProductRow(db: Executor, id: number): Promise<ProductRow | undefined> {
  return db.selectFrom('products').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Another product already using this name, compared without regard to case. */
export async function nameInUse(db: Executor, name: string, exceptId?: number): Promise<boolean> {
  let query = db
    .selectFrom('products')
    .select('id')
    .where(sql<string>`lower(name)`, '=', name.toLowerCase());
  if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
  return !!(await query.executeTakeFirst());
}

function productColumns(fields: ProductFields) {
  return {
    name: fields.name,
    description: fields.description,
    offerpercentage: fields.offerpercentage,
    instock: fields.instock ? 1 : 0,
    default_size: fields.quantity,
    hsn: fields.hsn,
    gst_rate: fields.gstRate,
    best_before_months: fields.bestBeforeMonths,
    country_of_origin: fields.countryOfOrigin,
    ingredients: fields.ingredients,
    allergens: fields.allergens,
    veg_mark: fields.vegMark,
    nutrition: fields.nutritionPer100g ? JSON.stringify(fields.nutritionPer100g) : null,
    storage: fields.storage,
  };
}

async function writeSizes(db: Executor, productId: number, fields: ProductFields): Promise<void> {
  const kept = new Map(
    (await db.selectFrom('product_sizes').select(['size_ml', 'weight_grams']).where('product_id', '=', productId).execute()).map((s) => [s.size_ml, s.weight_grams]),
  );
  await db.deleteFrom('product_sizes').where('product_id', '=', productId).execute();
  await db
    .insertInto('product_sizes')
    .values(
      fields.quantitysize.map((size, position) => ({
        product_id: productId,
        size_ml: size,
        price: fields.price[position] as number,
        position,
        weight_grams: fields.weightGrams?.[position] ?? (kept.get(size) || packedWeightFromSize(size)),
      })),
    )
    .execute();
}

/** A new product goes to the end of the list. */
export async function insertProduct(db: Executor, fields: ProductFields): Promise<number> {
  const last = await db
    .selectFrom('products')
    .select((eb) => eb.fn.max('position').as('position'))
    .executeTakeFirst();
  const now = nowIso();
  const row = await db
    .insertInto('products')
    .values({
      ...productColumns(fields),
      // No reviews yet (the column's old default was five stars).
      ratings: 0,
      rating_star: 0,
      position: Number(last?.position ?? -1) + 1,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await writeSizes(db, row.id, fields);
  return row.id;
}

export async function updateProduct(db: Executor, id: number, fields: ProductFields): Promise<boolean> {
  const result = await db
    .updateTable('products')
    .set({ ...productColumns(fields), updated_at: nowIso() })
    .where('id', '=', id)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return false;
  await writeSizes(db, id, fields);
  return true;
}

/** Sizes and image links go with the product (ON DELETE CASCADE); order lines keep their own copy. */
export async function deleteProduct(db: Executor, id: number): Promise<boolean> {
  const result = await db.deleteFrom('products').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function touchProduct(db: Executor, id: number): Promise<void> {
  await db.updateTable('products').set({ updated_at: nowIso() }).where('id', '=', id).execute();
}

export async function productImageHashes(db: Executor, productId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('product_images')
    .select('image_hash')
    .where('product_id', '=', productId)
    .orderBy('position')
    .execute();
  return rows.map((r) => r.image_hash);
}

/** Rewrites the product's picture list in the given order. */
export async function setProductImages(db: Executor, productId: number, hashes: string[]): Promise<void> {
  await db.deleteFrom('product_images').where('product_id', '=', productId).execute();
  if (hashes.length === 0) return;
  await db
    .insertInto('product_images')
    .values(hashes.map((image_hash, position) => ({ product_id: productId, image_hash, position })))
    .execute();
}

function groupBy<T, K>(rows: T[], key: (row: T) => K): Map<K, T[]> {
  const map = new Map<K, T[]>();
  for (const row of rows) {
    const k = key(row);
    const list = map.get(k);
    if (list) list.push(row);
    else map.set(k, [row]);
  }
  return map;
}
