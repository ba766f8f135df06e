import { useState } from 'react';
import { formatRupees, formatSize, orderNumber } from '../../../domain/display';
import type { Order } from '../../../domain/schemas/order';
import { ChargesTable } from '../../components/charges-table';

/** The order number with a button that copies it: what a customer quotes when they call or write to us. */
function OrderNumber({ id }: { id: number }) {
  const shortId = orderNumber(id);
  const [copied, setCopied] = useState(false);
  async function copy() {
    try {
      await navigator.clipboard.writeText(shortId);
      setCopied(true);
      window.setTimeout(() => setCopied(false), 2500);
    } catch {
      // No clipboard (an old browser, or permission refused): the number stays on screen to copy by hand.
      setCopied(false);
    }
  }
  return (
    <p className="d-flex flex-wrap align-items-center justify-content-center gap-2 mb-3">
      <span>
        Order number: <strong className="font-monospace" data-testid="order-number">{shortId}</strong>
      </span>
      <button type="button" className="btn btn-sm btn-outline-amber" onClick={() => void copy()}>
        {copied ? 'Copied' : 'Copy'}
        <span className="visually-hidden"> order number</span>
      </button>
      <span className="visually-hidden" role="status">
        {copied ? 'Order number copied' : ''}
      </span>
    </p>
  );
}

/** What was ordered, for how much and where it goes: shown on the success page so nothing needs looking up. */
export function OrderRecap({ order }: { order: Order }) {
  return (
    <div className="text-start card border-0 bg-cream mb-4" data-testid="order-recap">
      <div className="card-body">
        <OrderNumber id={order.id} />
        <table className="table table-sm small mb-2 recap-table">
          <caption className="visually-hidden">Items in this order</caption>
          <thead>
            <tr>
              <th scope="col">Item</th>
              <th scope="col">Qty</th>
              <th scope="col" className="text-end">
                Total
              </th>
            </tr>
          </thead>
          <tbody>
            {order.items.map((item) => (
              <tr key={`${item.name}-${item.quantity}`}>
                <td>
                  {item.name} <span className="text-nowrap text-body-secondary">{formatSize(item.quantity)}</span>
                </td>
                <td>{item.itemQty}</td>
                <td className="text-end text-nowrap">{formatRupees(item.finalPrice * item.itemQty)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {/* The charges between the items and the total, so the recap adds up. */}
        <ChargesTable charges={{ ...order, total: order.totalAmount }} idPrefix="recap" className="mb-3" />
        <h2 className="h6 mb-1">Delivery address</h2>
        <p className="small mb-0 typed-text">
          {order.username}, {order.mobilenumber}
          <br />
          {order.address}, {order.district}, {order.state} {order.pincode}
        </p>
      </div>
    </div>
  );
}
