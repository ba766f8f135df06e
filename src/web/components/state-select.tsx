import type { SelectHTMLAttributes } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { INDIAN_STATES } from '../../domain/india/gst-states';
import { useTimedMessage } from '../lib/use-timed-message';
import { FieldError } from './field-error';

interface StateSelectProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'name'> {
  registration: UseFormRegisterReturn;
  error?: string | undefined;
  attempt: number;
  label?: string;
}

/**
 * The 36 states and union territories as a native list (typing the first letters jumps to one, as in any select),
 * so an address always names one the tax invoice can read.
 */
export function StateSelect({ registration, error, attempt, label = 'State', id, className, ...rest }: StateSelectProps) {
  const fieldId = id ?? `field-${registration.name}`;
  const errorId = `${fieldId}-error`;
  const showing = useTimedMessage(error, attempt);
  return (
    <div className={className ?? 'mb-3'}>
      <label htmlFor={fieldId} className="form-label">
        {label}
      </label>
      <select
        id={fieldId}
        className={`form-select${showing ? ' is-invalid' : ''}`}
        aria-invalid={showing ? true : undefined}
        aria-describedby={errorId}
        autoComplete="address-level1"
        {...rest}
        {...registration}
      >
        <option value="">Choose your state or union territory</option>
        {INDIAN_STATES.map((s) => (
          <option key={s.code} value={s.name}>
            {s.name}
          </option>
        ))}
      </select>
      <FieldError id={errorId} message={error} attempt={attempt} />
    </div>
  );
}
