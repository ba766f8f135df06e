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
}

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

/** − [n] + within 1..10 (DESIGN.md §4); typing a number outside the range snaps back into it. */
export function QuantityStepper({ value, onChange, label, hideLabel = false, size = 'md' }: QuantityStepperProps) {
  const id = useId();
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
          onClick={() => onChange(clampQty(value - 1))}
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
          max={QTY_MAX}
          value={value}
          onChange={(e) => {
            const n = Number.parseInt(e.target.value, 10);
            if (Number.isFinite(n)) onChange(clampQty(n));
          }}
        />
        <button
          type="button"
          className="btn btn-outline-amber"
          onClick={() => onChange(clampQty(value + 1))}
          disabled={value >= QTY_MAX}
          aria-label={`Increase ${lowerFirst(label)}`}
        >
          +
        </button>
      </div>
    </div>
  );
}
