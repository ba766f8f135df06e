import type { InputHTMLAttributes, ReactNode } from 'react';
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
  /** A line under the label saying what the field wants (read out with the field, like its message). */
  hint?: string;
  /** A way to put the mistake right, shown under the message (e.g. "Use Maharashtra"). */
  fix?: ReactNode;
}

/** The id a TextField gives its input when none is passed. */
export const textFieldId = (name: string) => `field-${name}`;

/** A labelled Bootstrap input wired to react-hook-form, with its message underneath. */
export function TextField({ label, registration, error, attempt, id, className, as = 'input', hint, fix, ...rest }: TextFieldProps) {
  const fieldId = id ?? textFieldId(registration.name);
  const errorId = `${fieldId}-error`;
  const hintId = `${fieldId}-hint`;
  const showing = useTimedMessage(error, attempt);
  const common = {
    id: fieldId,
    className: `form-control${showing ? ' is-invalid' : ''}`,
    'aria-invalid': showing ? true : undefined,
    'aria-describedby': hint ? `${hintId} ${errorId}` : errorId,
    ...registration,
  };
  return (
    <div className={className ?? 'mb-3'}>
      <label htmlFor={fieldId} className="form-label">
        {label}
      </label>
      {hint ? (
        <div id={hintId} className="form-text mt-0 mb-1">
          {hint}
        </div>
      ) : null}
      {as === 'textarea' ? (
        <textarea {...common} rows={3} />
      ) : (
        <input {...common} {...rest} />
      )}
      <FieldError id={errorId} message={error} attempt={attempt} />
      {fix}
    </div>
  );
}
