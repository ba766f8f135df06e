import { useEffect, useRef } from 'react';
import type { CartLine } from '../cart/cart-lines';
import { cart } from '../cart/cart-store';
import { bottlesOf } from '../cart/stock-fit';
import type { StockShortage } from './out-of-stock';

/**
 * Beside a summary line the server refused for want of bottles: its message and the one-press fix (fewer bottles,
 * or the line out at 0). Gone once the cart asks for no more than are left.
 */
export function StockShortNote({ shortage, line, lines }: { shortage: StockShortage | null; line: CartLine; lines: readonly CartLine[] }) {
  const ref = useRef<HTMLDivElement>(null);
  const applies = !!shortage && line.name === shortage.name && line.quantity === shortage.quantity && bottlesOf(lines, shortage) > shortage.left;
  useEffect(() => {
    // On a phone the Checkout button is far below the line: bring the note into view, centred so that the line it is
    // about, just above it, shows with it.
    if (applies) ref.current?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  }, [applies, shortage]);
  if (!shortage || !applies) return null;
  const { name, quantity, left } = shortage;
  return (
    <div ref={ref} className="alert alert-warning small py-2 px-3 mt-2 mb-0" role="alert" data-testid="stock-short">
      <p className="mb-2">{shortage.message}</p>
      <button type="button" className="btn btn-sm btn-amber" onClick={() => cart.fitToStock(name, quantity, left)}>
        {left > 0 ? `Lower to ${left}` : 'Remove from cart'}
      </button>
    </div>
  );
}
