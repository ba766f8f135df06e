import { useEffect, useRef, useState } from 'react';
import { displayOrderId } from '../../../../domain/display';
import type { Order } from '../../../../domain/schemas/order';
import type { ShipManyResult } from '../../../../domain/shipping';
import { useShipMany } from '../api/shipping-api';
import { PendingButton } from '../ui/pending-button';
import { openLabel } from './open-label';

/**
 * Orders "Ship selected" may book: still in preparation, not shipped, paid (or cash on delivery). A COD order still
 * waiting for the customer's confirmation ships from its own page, where the owner is asked first.
 */
export function canShip(order: Order): boolean {
  const paid = order.paymentmode === 'CASHONDELIVERY' || order.paymentstatus === 'PAID';
  return order.status === 'PREPARATION' && !order.shipment && paid && order.confirmation !== 'PENDING';
}

/** A COD order waiting for the customer's confirmation (a cancelled one waits for nothing). */
export function awaitsConfirmation(order: Order): boolean {
  return order.confirmation === 'PENDING' && order.status !== 'CANCELLED';
}

/**
 * Why an order that would otherwise ship with "Ship selected" has no checkbox, in words short enough for a card on
 * a phone (a tooltip is not seen on a touch screen); null when nothing stops it or it is not for shipping anyway.
 */
export function shipBlockedWords(order: Order): string | null {
  if (order.status !== 'PREPARATION' || order.shipment || !awaitsConfirmation(order)) return null;
  return 'Not in “Ship selected” until the customer confirms. To ship it now, open View.';
}

/** An order ticked for "Ship selected", with the number the owner saw: it may be on another page of the list by now. */
export interface PickedOrder {
  orderid: string;
  number: string;
}

/** "Ship selected": books each chosen order with the courier and shows each order's result. */
export function ShipSelected({ picked, onDone }: { picked: readonly PickedOrder[]; onDone: () => void }) {
  const shipMany = useShipMany();
  // Taken when the owner clicks: the ticks are cleared as the results come in.
  const [numbers, setNumbers] = useState<ReadonlyMap<string, string>>(new Map());
  const results: ShipManyResult[] = shipMany.data?.results ?? [];
  // The button is disabled once its ticks are shipped, and the keyboard goes with it: the results take it, unless
  // the owner has gone on to something else meanwhile.
  const list = useRef<HTMLUListElement>(null);
  useEffect(() => {
    const active = document.activeElement;
    // A button disabled in this very render is still the active element until the browser catches up.
    const lost = !active || active === document.body || !active.isConnected || active.matches(':disabled');
    if (shipMany.data && lost) list.current?.focus();
  }, [shipMany.data]);
  return (
    <div className="ship-selected my-2">
      <PendingButton
        type="button"
        className="btn btn-amber btn-sm"
        disabled={picked.length === 0}
        pending={shipMany.isPending}
        onClick={() => {
          setNumbers(new Map(picked.map((p) => [p.orderid, p.number])));
          shipMany.mutate(picked.map((p) => p.orderid), { onSuccess: onDone });
        }}
      >
        {shipMany.isPending ? 'Shipping…' : `Ship selected (${picked.length})`}
      </PendingButton>
      {shipMany.isError && <p className="text-danger small mb-0 mt-1" role="alert">{shipMany.error.message}</p>}
      {results.length > 0 && (
        <ul ref={list} tabIndex={-1} className="ship-results focus-target small list-unstyled mt-2 mb-0" aria-label="Shipping results" aria-live="polite">
          {results.map((r) => {
            const number = numbers.get(r.orderid) ?? displayOrderId(r.orderid);
            return (
              <li key={r.orderid} className={r.ok ? 'text-success-emphasis' : 'text-danger'}>
                <span>Order # {number}: {r.message}</span>
                {r.ok ? (
                  <button type="button" className="btn btn-sm btn-outline-secondary" aria-label={`Label (PDF) of order ${number}`} onClick={() => void openLabel(r.orderid)}>
                    Label (PDF)
                  </button>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
