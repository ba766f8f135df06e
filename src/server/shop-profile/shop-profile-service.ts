import type { ShopProfile } from '../../domain/schemas/shop-profile';
import { writeAudit } from '../audit/audit-log';
import type { DB, Executor } from '../db/database';
import { getShopProfile, saveShopProfile } from './shop-profile-repository';

// Bumped by every save in this process, so its own pages show an edit at once; other processes within a minute.
let savedInProcess = 0;

export function readShopProfile(db: Executor): Promise<ShopProfile> {
  return getShopProfile(db);
}

/** Replaces the profile whole (already validated and normalised) and records who did it. */
export async function updateShopProfile(db: DB, profile: ShopProfile, actorUserId: number): Promise<ShopProfile> {
  const saved = await db.transaction().execute(async (trx) => {
    await saveShopProfile(trx, profile);
    await writeAudit(trx, { actorUserId, action: 'shop-profile.update', target: 'shop-profile', details: { shopName: profile.shopName } });
    return getShopProfile(trx);
  });
  savedInProcess += 1;
  return saved;
}

/**
 * The profile as hot paths read it (the crawlable pages ask on every request): one read a minute at most, like the
 * public answer's max-age. Null when it cannot be read; the caller shows the page without it.
 */
export function shopProfileSnapshot(db: Executor, maxAgeMs = 60_000): () => Promise<ShopProfile | null> {
  let copy: Promise<ShopProfile | null> | null = null;
  let readAt = 0;
  let seen = savedInProcess;
  return () => {
    const now = Date.now();
    if (!copy || now - readAt > maxAgeMs || seen !== savedInProcess) {
      readAt = now;
      seen = savedInProcess;
      copy = getShopProfile(db).catch(() => null);
    }
    return copy;
  };
}
