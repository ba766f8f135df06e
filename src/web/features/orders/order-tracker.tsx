import { TRACKER_STEPS, trackerStepsActive, type OrderStatus } from '../../../domain/order-status';

/** The four delivery steps (DESIGN.md §4: shown on every order card), lit up to the order's status. */
export function OrderTracker({ status }: { status: OrderStatus }) {
  const active = trackerStepsActive(status);
  return (
    <ol className="order-tracker" aria-label="Delivery progress">
      {TRACKER_STEPS.map((step, i) => {
        const done = i < active;
        const current = i === active - 1;
        return (
          <li key={step} className={`order-tracker-step${done ? ' is-done' : ''}`} aria-current={current ? 'step' : undefined}>
            <span className="order-tracker-dot" aria-hidden="true">
              {done ? '✓' : i + 1}
            </span>
            <span className="order-tracker-label">
              {step}
              <span className="visually-hidden">{done ? ' (done)' : ' (to come)'}</span>
            </span>
          </li>
        );
      })}
    </ol>
  );
}
