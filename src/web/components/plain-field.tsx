import type { HTMLInputTypeAttribute } from 'react';

interface PlainFieldProps {
  id: string;
  label: string;
  value: string;
  onChange(value: string): void;
  error?: string | undefined;
  help?: string | undefined;
  type?: HTMLInputTypeAttribute;
  readOnly?: boolean;
  className?: string;
}

/**
 * A labelled input kept as text in a form's own state (the admin's settings and coupon forms, which check the whole
 * form on save), with its message and help tied to it for screen readers.
 */
export function PlainField({ id, label, value, onChange, error, help, type = 'text', readOnly, className = 'mb-3' }: PlainFieldProps) {
  const described = [error ? `${id}-error` : '', help ? `${id}-help` : ''].filter(Boolean).join(' ');
  return (
    <div className={className}>
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      <input
        id={id}
        type={type}
        inputMode={type === 'number' ? 'numeric' : undefined}
        className={`form-control${error ? ' is-invalid' : ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
        value={value}
        readOnly={readOnly}
        onChange={(e) => onChange(e.target.value)}
      />
      {error ? (
        <div id={`${id}-error`} className="invalid-feedback">
          {error}
        </div>
      ) : null}
      {help ? (
        <div id={`${id}-help`} className="form-text">
          {help}
        </div>
      ) : null}
    </div>
  );
}
