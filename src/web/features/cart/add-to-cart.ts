import { toast } from 'react-toastify';
import { QTY_MAX } from '../../../domain/constants';
import { TOASTS } from '../../../domain/messages';
import type { NewCartLine } from './cart-lines';
import { cart } from './cart-store';

/** Add to Cart from a product card or page: says what went in, and says so when the size is already at its limit. */
export function addToCartWithNotice(line: NewCartLine, name: string): void {
  const wanted = line.itemQty ?? 1;
  const added = cart.add(line);
  if (added === 0) toast.error(TOASTS.cartSizeFull(name, QTY_MAX));
  else if (added < wanted) toast.success(TOASTS.addedUpToLimit(name, added, QTY_MAX));
  else toast.success(TOASTS.addedToCart(name));
}
