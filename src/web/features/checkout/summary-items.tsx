import { formatRupees, formatSize } from '../../../domain/display';
import { lineTotal } from '../../../domain/pricing';
import { lineKey, type CartLine } from '../cart/cart-lines';
import type { StockShortage } from './out-of-stock';
import { StockShortNote } from './stock-short-note';

/** The order summary's items, as the cart holds them; a line the shop is short of says so under its name. */
export function SummaryItems({ lines, short }: { lines: readonly CartLine[]; short: StockShortage | null }) {
  return (
    <div className="table-responsive">
      <table className="table align-middle summary-table">
        <caption className="visually-hidden">Items in your order</caption>
        <thead>
          <tr>
            <th scope="col">Item</th>
            <th scope="col" className="d-none d-sm-table-cell">Qty</th>
            <th scope="col" className="d-none d-sm-table-cell">Size</th>
            <th scope="col" className="text-end d-none d-sm-table-cell">Price</th>
            <th scope="col" className="text-end">Total</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((l) => (
            <tr key={lineKey(l)}>
              <td>
                {l.name}
                {/* Phones: the three middle columns fold under the name, so the Total column stays on screen. */}
                <span className="d-block d-sm-none small text-body-secondary" data-testid="summary-line-detail">
                  {formatSize(l.quantity)} × {l.itemQty} at {formatRupees(l.finalPrice)}
                </span>
                <StockShortNote shortage={short} line={l} lines={lines} />
              </td>
              <td className="d-none d-sm-table-cell">{l.itemQty}</td>
              <td className="text-nowrap d-none d-sm-table-cell">{formatSize(l.quantity)}</td>
              <td className="text-end text-nowrap d-none d-sm-table-cell">{formatRupees(l.finalPrice)}</td>
              <td className="text-end text-nowrap">{formatRupees(lineTotal(l.finalPrice, l.itemQty))}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
