import { useId, useRef, useState, type FormEvent, type RefObject } from 'react';
import { toast } from 'react-toastify';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { orderDate, orderTime } from '../../../../domain/display';
import type { Order } from '../../../../domain/schemas/order';
import { parcelAway, SCAN_LABELS, SCAN_STATUSES, type ShipmentStatus } from '../../../../domain/shipping';
import { useCancelShipment, useCourierInfo, useSandboxScan, useShipOrder } from '../api/shipping-api';
import { openLabel } from './open-label';
import { useFocusAfter } from './use-focus-after';

const SHIPPABLE = ['PREPARATION', 'READY'];
const label = (status: string) => SCAN_LABELS[status as ShipmentStatus] ?? status;

/** Called as a shipping action starts, so the keyboard follows its outcome; answers what to call if it fails. */
type ArmFocus = () => () => void;

/** "Ship" on the order (DESIGN.md §8.5): book with the courier or type what was booked elsewhere; then AWB, label, scans. */
export function OrderShippingSection({ order, headingId }: { order: Order; headingId: string }) {
  const shipment = order.shipment ?? null;
  const headingRef = useRef<HTMLHeadingElement>(null);
  const statusRef = useRef<HTMLElement>(null);
  const focusAfter = useFocusAfter(`${order.status}|${shipment ? `${shipment.awb}|${shipment.status}` : 'none'}`);
  // After an action whose button went away: the shipment's status, else (no shipment any more) the heading.
  const armFocus: ArmFocus = () => {
    focusAfter.arm(() => statusRef.current ?? headingRef.current);
    return focusAfter.disarm;
  };
  return (
    <section className="col-12" aria-labelledby={headingId}>
      <div className="detail-card">
        <h4 id={headingId} ref={headingRef} tabIndex={-1} className="detail-heading focus-target">Shipping</h4>
        {shipment ? (
          <ShipmentDetails order={order} armFocus={armFocus} statusRef={statusRef} />
        ) : SHIPPABLE.includes(order.status) ? (
          <ShipForm order={order} armFocus={armFocus} />
        ) : (
          <p className="mb-0">This order was not shipped.</p>
        )}
      </div>
    </section>
  );
}

function ShipmentDetails({ order, armFocus, statusRef }: { order: Order; armFocus: ArmFocus; statusRef: RefObject<HTMLElement | null> }) {
  const shipment = order.shipment!;
  const courier = useCourierInfo();
  const cancel = useCancelShipment(order.orderid);
  const scan = useSandboxScan(order.orderid);
  const sandbox = courier.data?.testMode === true && shipment.mode === 'COURIER';
  const done = shipment.status === 'DELIVERED' || shipment.status === 'RTO_DELIVERED';
  return (
    <>
      <dl className="detail-grid">
        <div className="detail-field"><dt>Courier</dt><dd>{shipment.courier}</dd></div>
        <div className="detail-field"><dt>AWB</dt><dd data-testid="shipment-awb">{shipment.awb}</dd></div>
        <div className="detail-field">
          <dt>Shipment</dt>
          <dd data-testid="shipment-status" ref={statusRef} tabIndex={-1} className="focus-target">{label(shipment.status)}</dd>
        </div>
        <div className="detail-field">
          <dt>Tracking</dt>
          <dd>{shipment.trackingUrl ? <a href={shipment.trackingUrl} target="_blank" rel="noopener noreferrer">Tracking page</a> : '—'}</dd>
        </div>
      </dl>
      {order.status === 'CANCELLED' && shipment.status === 'BOOKED' && (
        <p className="text-danger small" role="status" data-testid="shipment-still-booked">
          {shipment.mode === 'COURIER'
            ? 'This order is cancelled, but the courier has not cancelled its booking yet, so a pickup may still come. The shop keeps asking the courier for a week; press Cancel shipment to ask now and see what the courier says.'
            : 'This order is cancelled, but its shipment booked elsewhere is still booked: cancel it with that courier, then press Cancel shipment.'}
        </p>
      )}
      {order.status === 'CANCELLED' && parcelAway(shipment.status) && shipment.status !== 'DELIVERED' && (
        <p className="small text-muted-strong" role="status" data-testid="shipment-bottles-away">
          This order is cancelled, and its parcel is still with the courier. Its bottles go back into stock when the courier returns the parcel (&ldquo;Returned to us&rdquo;).
        </p>
      )}
      {shipment.events.length > 0 && (
        <ol className="shipment-scans small" aria-label="Scans">
          {shipment.events.map((e, i) => (
            <li key={i}>{orderDate(e.at)} {orderTime(e.at)}: {label(e.status)}{e.location ? `, ${e.location}` : ''}</li>
          ))}
        </ol>
      )}
      <div className="d-flex flex-wrap gap-2 mt-2">
        <button type="button" className="btn btn-sm btn-outline-secondary" onClick={() => void openLabel(order.orderid)}>Label (PDF)</button>
        {shipment.status === 'BOOKED' && (
          <button
            type="button"
            className="btn btn-sm btn-outline-danger"
            disabled={cancel.isPending}
            onClick={() => {
              const failed = armFocus();
              cancel.mutate(undefined, {
                onSuccess: () => toast.success(order.status === 'CANCELLED' ? 'The courier cancelled the booking; no pickup will come.' : 'The shipment is cancelled; the order can ship again.'),
                onError: (e) => {
                  failed();
                  toast.error(e.message);
                },
              });
            }}
          >
            {cancel.isPending ? 'Cancelling…' : 'Cancel shipment'}
          </button>
        )}
      </div>
      {sandbox && !done && (
        <div className="mt-3">
          <p className="small mb-1"><strong>Test courier:</strong> play the courier's next scan.</p>
          <div className="d-flex flex-wrap gap-2" role="group" aria-label="Advance scan">
            {/* Busy, not disabled: a disabled button drops the keyboard, and the pressed one stays unless it was the last scan. */}
            {SCAN_STATUSES.map((s) => (
              <button
                key={s}
                type="button"
                className={`btn btn-sm btn-outline-amber${scan.isPending ? ' disabled' : ''}`}
                aria-disabled={scan.isPending}
                onClick={() => {
                  if (scan.isPending) return;
                  const failed = armFocus();
                  scan.mutate(
                    { awb: shipment.awb, status: s },
                    {
                      onError: (e) => {
                        failed();
                        toast.error(e.message);
                      },
                    },
                  );
                }}
              >
                {label(s)}
              </button>
            ))}
          </div>
        </div>
      )}
    </>
  );
}

function ShipForm({ order, armFocus }: { order: Order; armFocus: ArmFocus }) {
  const id = useId();
  const courier = useCourierInfo();
  const ship = useShipOrder(order.orderid);
  const hasCourier = courier.data ? courier.data.courier !== 'off' : true;
  const [mode, setMode] = useState<'COURIER' | 'MANUAL'>('COURIER');
  const [manual, setManual] = useState({ courier: '', awb: '', trackingUrl: '' });
  const [problem, setProblem] = useState<string | null>(null);
  const [askUnconfirmed, setAskUnconfirmed] = useState(false);
  const chosen = hasCourier ? mode : 'MANUAL';

  function submit(event: FormEvent) {
    event.preventDefault();
    if (order.confirmation === 'PENDING') setAskUnconfirmed(true);
    else shipNow();
  }

  function shipNow() {
    setAskUnconfirmed(false);
    setProblem(null);
    const body = chosen === 'COURIER' ? { mode: chosen } : { mode: chosen, courier: manual.courier, awb: manual.awb, ...(manual.trackingUrl ? { trackingUrl: manual.trackingUrl } : {}) };
    const failed = armFocus();
    ship.mutate(body, {
      onSuccess: (answer) => {
        toast.success(`Shipped with ${answer.shipment?.courier ?? 'the courier'}: AWB ${answer.shipment?.awb ?? ''}. The customer gets the shipped mail.`);
        if (answer.pickupNote) toast.warn(answer.pickupNote);
      },
      onError: (error) => {
        failed();
        setProblem(error.message);
      },
    });
  }

  return (
    <form onSubmit={submit} noValidate aria-describedby={`${id}-problem`}>
      {hasCourier && (
        <fieldset className="mb-2">
          <legend className="form-label fw-semibold fs-6">How does it ship?</legend>
          <div className="form-check">
            <input className="form-check-input" type="radio" id={`${id}-courier`} checked={mode === 'COURIER'} onChange={() => setMode('COURIER')} />
            <label className="form-check-label" htmlFor={`${id}-courier`}>Book with {courier.data?.testMode ? 'the test courier' : 'Shiprocket'} (AWB, label and pickup)</label>
          </div>
          <div className="form-check">
            <input className="form-check-input" type="radio" id={`${id}-manual`} checked={mode === 'MANUAL'} onChange={() => setMode('MANUAL')} />
            <label className="form-check-label" htmlFor={`${id}-manual`}>Booked elsewhere: type the courier and AWB</label>
          </div>
        </fieldset>
      )}
      {chosen === 'MANUAL' && (
        <div className="row g-2 mb-2">
          <div className="col-sm-4">
            <label className="form-label" htmlFor={`${id}-name`}>Courier</label>
            <input id={`${id}-name`} className="form-control" maxLength={60} value={manual.courier} onChange={(e) => setManual({ ...manual, courier: e.target.value })} />
          </div>
          <div className="col-sm-4">
            <label className="form-label" htmlFor={`${id}-awb`}>AWB</label>
            <input id={`${id}-awb`} className="form-control" maxLength={40} value={manual.awb} onChange={(e) => setManual({ ...manual, awb: e.target.value })} />
          </div>
          <div className="col-sm-4">
            <label className="form-label" htmlFor={`${id}-url`}>Tracking link (optional)</label>
            <input id={`${id}-url`} type="url" className="form-control" maxLength={500} value={manual.trackingUrl} onChange={(e) => setManual({ ...manual, trackingUrl: e.target.value })} />
          </div>
        </div>
      )}
      <div id={`${id}-problem`} role="alert">{problem && <p className="text-danger small mb-2">{problem}</p>}</div>
      <button type="submit" className="btn btn-amber" disabled={ship.isPending}>{ship.isPending ? 'Shipping…' : 'Ship'}</button>
      {askUnconfirmed && (
        <ConfirmDialog title="Not confirmed yet" confirmLabel="Ship it" cancelLabel="Wait" onConfirm={shipNow} onCancel={() => setAskUnconfirmed(false)}>
          <p className="mb-0">The customer has not confirmed this cash on delivery order yet. Ship it anyway? That counts as your confirmation.</p>
        </ConfirmDialog>
      )}
    </form>
  );
}
