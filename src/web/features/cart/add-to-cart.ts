import { toast, type Id } from 'react-toastify';
import { QTY_MAX } from '../../../domain/constants';
import { TOASTS } from '../../../domain/messages';
import type { NewCartLine } from './cart-lines';
import { cart } from './cart-store';

// The notices still up: the cart page shows what went in itself, and on a phone a notice would cover its heading.
const addedNotices = new Set<Id>();

/** Takes down the "added to cart" notices, as the cart itself now shows the customer what they added. */
export function dismissAddedToCartNotices(): void {
  for (const id of addedNotices) toast.dismiss(id);
  addedNotices.clear();
}

/** Add to Cart from a product card or page: says what went in, and says so when the size is already at its limit. */
export function addToCartWithNotice(line: NewCartLine, name: string): void {
  const wanted = line.itemQty ?? 1;
  const added = cart.add(line);
  if (added === 0) toast.error(TOASTS.cartSizeFull(name, QTY_MAX));
  else if (added < wanted) addedNotices.add(toast.success(TOASTS.addedUpToLimit(name, added, QTY_MAX)));
  else addedNotices.add(toast.success(TOASTS.addedToCart(name)));
}
