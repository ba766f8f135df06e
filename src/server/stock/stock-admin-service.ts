import { formatSize } from '../../domain/display';
import type { StockLevel } from '../../domain/stock';
import { writeAudit } from '../audit/audit-log';
import type { AppContext } from '../context';
import { notFound } from '../http/errors';
import { listStockLevels, lowStockThreshold, receiveStock, setStock } from './stock-repository';
import { queueLowStockMails } from './stock-service';

async function requireSize(ctx: AppContext, productId: number, size: number): Promise<string> {
  const row = await ctx.db
    .selectFrom('product_sizes')
    .innerJoin('products', 'products.id', 'product_sizes.product_id')
    .select('products.name')
    .where('product_sizes.product_id', '=', productId)
    .where('product_sizes.size_ml', '=', size)
    .executeTakeFirst();
  if (!row) throw notFound(`This product has no ${formatSize(size)} size any more. Reload the stock list.`);
  return row.name;
}

/** Tracked sizes, lowest count first, so what needs restocking is on top. */
export async function stockList(ctx: AppContext): Promise<StockLevel[]> {
  const threshold = await lowStockThreshold(ctx.db);
  return (await listStockLevels(ctx.db)).map((r) => ({
    productId: r.product_id,
    name: r.name,
    size: r.size_ml,
    stock: r.stock,
    low: r.stock <= threshold,
    negative: r.stock < 0,
    updatedAt: r.updated_at,
  }));
}

/** "Set": the admin counted the shelf. Audited with the count before and after. */
export async function setSizeStock(ctx: AppContext, actorId: number, productId: number, size: number, stock: number | null): Promise<StockLevel[]> {
  const name = await requireSize(ctx, productId, size);
  await ctx.db.transaction().execute(async (trx) => {
    const before = await setStock(trx, productId, size, stock);
    if (before !== null && stock !== null) await queueLowStockMails(trx, [{ productId, size, before, after: stock }], ctx.config.SHOP_EMAIL);
    await writeAudit(trx, { actorUserId: actorId, action: 'stock.set', target: `product:${productId}`, details: { name, size, before, after: stock } });
  });
  ctx.catalogue.invalidate();
  return stockList(ctx);
}

/** "Add received bottles": added to whatever orders left, so a count taken meanwhile is never overwritten. */
export async function receiveSizeStock(ctx: AppContext, actorId: number, productId: number, size: number, bottles: number): Promise<StockLevel[]> {
  const name = await requireSize(ctx, productId, size);
  await ctx.db.transaction().execute(async (trx) => {
    const { before, after } = await receiveStock(trx, productId, size, bottles);
    await writeAudit(trx, { actorUserId: actorId, action: 'stock.receive', target: `product:${productId}`, details: { name, size, bottles, before, after } });
  });
  ctx.catalogue.invalidate();
  return stockList(ctx);
}
