// A size's own picture (migration 0024-size-pictures): one row per size that has one.
import type { Executor } from '../db/database';

/** Replaces the product's size pictures; `hashes` is aligned with `sizes`, null for none. */
export async function setSizePictures(db: Executor, productId: number, sizes: number[], hashes: (string | null)[]): Promise<void> {
  await db.deleteFrom('product_size_images').where('product_id', '=', productId).execute();
  const rows = sizes.flatMap((size_ml, i) => {
    const image_hash = hashes[i];
    return image_hash ? [{ product_id: productId, size_ml, image_hash }] : [];
  });
  if (rows.length > 0) await db.insertInto('product_size_images').values(rows).execute();
}

/** Drops the pictures of sizes the product no longer has, so a size added again later starts without one. */
export async function keepSizePicturesOf(db: Executor, productId: number, sizes: number[]): Promise<void> {
  let query = db.deleteFrom('product_size_images').where('product_id', '=', productId);
  if (sizes.length > 0) query = query.where('size_ml', 'not in', sizes);
  await query.execute();
}

/** A photo taken off the product is no size's picture any more. */
export async function clearSizePicture(db: Executor, productId: number, hash: string): Promise<void> {
  await db.deleteFrom('product_size_images').where('product_id', '=', productId).where('image_hash', '=', hash).execute();
}
