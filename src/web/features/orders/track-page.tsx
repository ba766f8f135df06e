import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useParams } from 'react-router';
import { CUSTOMER_STATUS_LABELS } from '../../../domain/order-status';
import type { TrackAnswer } from '../../../domain/shipping';
import { api } from '../../lib/api-client';
import { usePageTitle } from '../../lib/use-page-title';
import { ShipmentScans } from './shipment-scans';

/** /track: where an order is, found by its order number (or id) and delivery pincode, without logging in (DESIGN.md §8.5). */
export function TrackPage() {
  usePageTitle('Track your order');
  const id = useId();
  const params = useParams();
  const [orderid, setOrderid] = useState(params.orderid ?? '');
  const [pincode, setPincode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const track = useMutation({
    mutationFn: () => api.get<TrackAnswer>(`/api/public/track/${encodeURIComponent(orderid.trim())}?pincode=${encodeURIComponent(pincode.trim())}`),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!orderid.trim()) return setProblem('Type the order number from your order mail (like GS-1043).');
    if (!/^\d{6}$/.test(pincode.trim())) return setProblem('Type the 6-digit pincode the order is delivered to.');
    setProblem(null);
    track.mutate();
  }

  const answer = track.data;
  const error = problem ?? (track.isError ? track.error.message : null);
  return (
    <section className="container py-4 py-md-5 page-narrow">
      <h1 className="display-6 mb-3">Track your order</h1>
      <form onSubmit={submit} noValidate className="mb-4" aria-describedby={`${id}-problem`}>
        <div className="mb-3">
          <label htmlFor={`${id}-order`} className="form-label">Order number</label>
          <input id={`${id}-order`} className="form-control" autoComplete="off" maxLength={64} value={orderid} onChange={(e) => setOrderid(e.target.value)} />
        </div>
        <div className="mb-3">
          <label htmlFor={`${id}-pin`} className="form-label">Delivery pincode</label>
          <input id={`${id}-pin`} className="form-control" inputMode="numeric" autoComplete="postal-code" maxLength={6} value={pincode} onChange={(e) => setPincode(e.target.value)} />
        </div>
        <div id={`${id}-problem`} role="alert">{error && <p className="text-danger small">{error}</p>}</div>
        <button type="submit" className="btn btn-amber" disabled={track.isPending}>{track.isPending ? 'Looking…' : 'Track'}</button>
      </form>
      {answer && (
        <div aria-live="polite">
          <h2 className="h5">Status: <span data-testid="track-status">{CUSTOMER_STATUS_LABELS[answer.status]}</span></h2>
          {answer.awb ? (
            <ShipmentScans courier={answer.courier} awb={answer.awb} trackingUrl={answer.trackingUrl} events={answer.events} />
          ) : (
            <p>The order has not been handed to the courier yet.</p>
          )}
        </div>
      )}
    </section>
  );
}
