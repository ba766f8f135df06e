import { formatShopDateTime } from '../../../domain/display';
import { SCAN_LABELS, type ShipmentEvent, type ShipmentStatus } from '../../../domain/shipping';

const label = (status: string) => SCAN_LABELS[status as ShipmentStatus] ?? status;

/** Courier, AWB, the courier's tracking link and the scans, newest first: in Your Orders and on /track. */
export function ShipmentScans({ courier, awb, trackingUrl, events }: { courier: string; awb: string; trackingUrl: string; events: ShipmentEvent[] }) {
  const newestFirst = [...events].reverse();
  return (
    <div className="shipment-scans-box small" data-testid="shipment">
      <p className="mb-1">
        Shipped with <strong>{courier}</strong>, AWB <span className="font-monospace" data-testid="track-awb">{awb}</span>
        {trackingUrl ? (
          <>
            {' · '}
            <a href={trackingUrl} target="_blank" rel="noopener noreferrer">Courier tracking</a>
          </>
        ) : null}
      </p>
      {newestFirst.length === 0 ? (
        <p className="text-body-secondary mb-0">The courier has not scanned the parcel yet.</p>
      ) : (
        <ol className="list-unstyled mb-0 shipment-scan-list" aria-label="Where the parcel has been">
          {newestFirst.map((e, i) => (
            <li key={`${e.at}-${i}`}>
              <time className="text-body-secondary" dateTime={e.at}>{formatShopDateTime(e.at)}</time> — {label(e.status)}
              {e.location ? `, ${e.location}` : ''}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
