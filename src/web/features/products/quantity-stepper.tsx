import { useId } from 'react';
import { QTY_MAX, QTY_MIN } from '../../../domain/constants';
import { clampQty } from '../cart/cart-lines';

interface QuantityStepperProps {
  value: number;
  onChange: (value: number) => void;
  label: string;
  /** Hide the label visually (tables), keeping it for screen readers. */
  hideLabel?: boolean;
  size?: 'sm' | 'md';
  /** A lower top than QTY_MAX: the bottles left of a size running out. */
  max?: number;
}

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

/** − [n] + within 1..10 (DESIGN.md §4), or fewer when `max` says so; a number typed outside snaps back into it. */
export function QuantityStepper({ value, onChange, label, hideLabel = false, size = 'md', max = QTY_MAX }: QuantityStepperProps) {
  const id = useId();
  const top = Math.max(QTY_MIN, Math.min(QTY_MAX, max));
  const clamp = (n: number) => Math.min(clampQty(n), top);
  const sm = size === 'sm';
  return (
    <div>
      <label htmlFor={id} className={hideLabel ? 'visually-hidden' : 'form-label'}>
        {label}
      </label>
      <div className={`input-group quantity-stepper${sm ? ' input-group-sm' : ''}`}>
        <button
          type="button"
          className="btn btn-outline-amber"
          onClick={() => onChange(clamp(value - 1))}
          disabled={value <= QTY_MIN}
          aria-label={`Decrease ${lowerFirst(label)}`}
        >
          −
        </button>
        <input
          id={id}
          type="number"
          inputMode="numeric"
          className="form-control text-center"
          min={QTY_MIN}
          max={top}
          value={value}
          onChange={(e) => {
            const n = Number.parseInt(e.target.value, 10);
            if (Number.isFinite(n)) onChange(clamp(n));
          }}
        />
        <button
          type="button"
          className="btn btn-outline-amber"
          onClick={() => onChange(clamp(value + 1))}
          disabled={value >= top}
          aria-label={`Increase ${lowerFirst(label)}`}
        >
          +
        </button>
      </div>
    </div>
  );
}
