import { useEffect } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { VALIDATION_MESSAGE_VISIBLE_MS } from '../../../../domain/constants';

/** Validation messages disappear after 10 seconds (SPEC.md §4); a new submit shows them again. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any context and output type will do
export function useAutoClearErrors<T extends FieldValues>(form: UseFormReturn<T, any, any>): void {
  const { errors, submitCount } = form.formState;
  const hasErrors = Object.keys(errors).length > 0;
  const { clearErrors } = form;
  useEffect(() => {
    if (!hasErrors) return;
    const timer = window.setTimeout(() => clearErrors(), VALIDATION_MESSAGE_VISIBLE_MS);
    return () => window.clearTimeout(timer);
  }, [hasErrors, submitCount, clearErrors]);
}
