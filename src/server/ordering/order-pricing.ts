// Server-side pricing of an order (DESIGN.md §4): every line is priced from the catalogue with the
// same domain functions the browser uses; the client's figures are only compared, never trusted.
import { formatSize } from '../../domain/display';
import { discountedPrice, lineTotal } from '../../domain/pricing';
import type { OrderItemInput } from '../../domain/schemas/order';

/** Read-only: one entry may price several checkouts at once (see pricing-repository). */
export interface CatalogueEntry {
  /** The database row; null for a product kept in Sanity, which has none. */
  readonly id: number | null;
  readonly name: string;
  readonly offerpercentage: number;
  readonly instock: boolean;
  /** In display order; `stock` is the count when the size is tracked (null: not tracked; absent: Sanity, never tracked). */
  readonly sizes: readonly { readonly size: number; readonly price: number; readonly stock?: number | null }[];
}

export interface PricedLine {
  productId: number | null;
  name: string;
  size: number;
  unitPrice: number;
  itemQty: number;
  lineTotal: number;
  /** The size's count when it was priced, null when not tracked; the order's own transaction takes the bottles. */
  stock: number | null;
}

export type PricingResult =
  | { kind: 'priced'; lines: PricedLine[]; totalAmount: number }
  /** Lines that cannot be sold at all, keyed like schema errors: `items.0.quantity`. */
  | { kind: 'invalid'; fields: Record<string, string> }
  /** Everything can be sold, but the client's prices or total are not today's. */
  | { kind: 'price-changed'; lines: PricedLine[]; totalAmount: number };

function sizeList(sizes: number[]): string {
  const labels = sizes.map(formatSize);
  if (labels.length <= 1) return labels.join('');
  return `${labels.slice(0, -1).join(', ')} or ${labels.at(-1)}`;
}

/** Why this line cannot be sold, with the field it belongs to; null when it can. */
function lineProblem(item: OrderItemInput, index: number, entry: CatalogueEntry | undefined): [string, string] | null {
  if (!entry) {
    return [`items.${index}.name`, `We do not sell "${item.name}". Remove it from your cart and try again.`];
  }
  if (!entry.instock) {
    return [`items.${index}.name`, `${entry.name} is out of stock. Remove it from your cart to continue.`];
  }
  if (!entry.sizes.some((s) => s.size === item.quantity)) {
    const offered = entry.sizes.map((s) => s.size);
    return [
      `items.${index}.quantity`,
      `${entry.name} is not sold in ${formatSize(item.quantity)}.${offered.length ? ` Choose ${sizeList(offered)}.` : ''}`,
    ];
  }
  return null;
}

/** `clientTotal` null: price only, compare nothing (a quote, or a caller that adds fees before comparing). */
export function priceOrder(
  items: readonly OrderItemInput[],
  clientTotal: number | null,
  catalogue: ReadonlyMap<string, CatalogueEntry>,
): PricingResult {
  const fields: Record<string, string> = {};
  const lines: PricedLine[] = [];
  items.forEach((item, index) => {
    const entry = catalogue.get(item.name);
    const problem = lineProblem(item, index, entry);
    if (problem || !entry) {
      if (problem) fields[problem[0]] = problem[1];
      return;
    }
    const size = entry.sizes.find((s) => s.size === item.quantity);
    const listPrice = size?.price ?? 0;
    const unitPrice = discountedPrice(listPrice, entry.offerpercentage);
    lines.push({
      productId: entry.id,
      name: entry.name,
      size: item.quantity,
      unitPrice,
      itemQty: item.itemQty,
      lineTotal: lineTotal(unitPrice, item.itemQty),
      stock: size?.stock ?? null,
    });
  });
  if (Object.keys(fields).length > 0) return { kind: 'invalid', fields };

  const totalAmount = lines.reduce((sum, line) => sum + line.lineTotal, 0);
  if (clientTotal === null) return { kind: 'priced', lines, totalAmount };
  const pricesDiffer = lines.some((line, i) => line.unitPrice !== items[i]?.finalPrice);
  if (pricesDiffer || totalAmount !== clientTotal) return { kind: 'price-changed', lines, totalAmount };
  return { kind: 'priced', lines, totalAmount };
}
