import type { Executor } from '../db/database';
import { mediaUrl } from '../media/image-store';

export interface CatalogueProduct {
  _id: string;
  name: string;
  offerpercentage: number;
  instock: boolean;
  ratings: number;
  ratingStar: number;
  description: string;
  price: number[];
  quantitysize: number[];
  quantity: number;
  images: string[];
}

/** Every product in display order, in the wire shape of DESIGN.md §3, with three queries whatever the count. */
export async function listCatalogue(db: Executor): Promise<CatalogueProduct[]> {
  const [products, sizes, images] = await Promise.all([
    db.selectFrom('products').selectAll().orderBy('position').orderBy('id').execute(),
    db.selectFrom('product_sizes').selectAll().orderBy('product_id').orderBy('position').execute(),
    db.selectFrom('product_images').selectAll().orderBy('product_id').orderBy('position').execute(),
  ]);
  const sizesOf = groupBy(sizes, (s) => s.product_id);
  const imagesOf = groupBy(images, (i) => i.product_id);
  return products.map((p) => {
    const productSizes = sizesOf.get(p.id) ?? [];
    return {
      _id: String(p.id),
      name: p.name,
      offerpercentage: p.offerpercentage,
      instock: p.instock === 1,
      ratings: p.ratings,
      ratingStar: p.rating_star,
      description: p.description,
      price: productSizes.map((s) => s.price),
      quantitysize: productSizes.map((s) => s.size_ml),
      quantity: p.default_size,
      images: (imagesOf.get(p.id) ?? []).map((i) => mediaUrl(i.image_hash, 'card')),
    };
  });
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
