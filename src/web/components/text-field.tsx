import type { InputHTMLAttributes } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { FieldError } from './field-error';
import { useTimedMessage } from '../lib/use-timed-message';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'name'> {
  label: string;
  registration: UseFormRegisterReturn;
  error?: string | undefined;
  /** The form's submitCount, so a repeated mistake shows its message again. */
  attempt: number;
  as?: 'input' | 'textarea';
}

/** A labelled Bootstrap input wired to react-hook-form, with its message underneath. */
export function TextField({ label, registration, error, attempt, id, className, as = 'input', ...rest }: TextFieldProps) {
  const fieldId = id ?? `field-${registration.name}`;
  const errorId = `${fieldId}-error`;
  const showing = useTimedMessage(error, attempt);
  const common = {
    id: fieldId,
    className: `form-control${showing ? ' is-invalid' : ''}`,
    'aria-invalid': showing ? true : undefined,
    'aria-describedby': errorId,
    ...registration,
  };
  return (
    <div className={className ?? 'mb-3'}>
      <label htmlFor={fieldId} className="form-label">
        {label}
      </label>
      {as === 'textarea' ? (
        <textarea {...common} rows={3} />
      ) : (
        <input {...common} {...rest} />
      )}
      <FieldError id={errorId} message={error} attempt={attempt} />
    </div>
  );
}
