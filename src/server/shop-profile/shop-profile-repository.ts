import type { ShopProfile } from '../../domain/schemas/shop-profile';
import type { Executor } from '../db/database';
import { nowIso } from '../db/database';

/** The one profile row (created by migration 0029) in the wire shape. */
export async function getShopProfile(executor: Executor): Promise<ShopProfile> {
  const row = await executor.selectFrom('shop_profile').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
  return {
    shopName: row.shop_name,
    tagline: row.tagline,
    description: row.description,
    whatsappNumber: row.whatsapp_number,
    instagramUrl: row.instagram_url,
    facebookUrl: row.facebook_url,
  };
}

export async function saveShopProfile(executor: Executor, p: ShopProfile): Promise<void> {
  await executor
    .updateTable('shop_profile')
    .set({
      shop_name: p.shopName,
      tagline: p.tagline,
      description: p.description,
      whatsapp_number: p.whatsappNumber,
      instagram_url: p.instagramUrl,
      facebook_url: p.facebookUrl,
      updated_at: nowIso(),
    })
    .where('id', '=', 1)
    .execute();
}
