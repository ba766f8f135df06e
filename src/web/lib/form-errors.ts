import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client';

/**
 * Puts the server's per-field messages (`ApiError.fields`, say "this email is already registered") under the
 * form's own fields; fields the form does not have are skipped. Answers how many it placed, so the caller
 * can fall back to a general message when none fit.
 */
export function showServerFieldErrors<T extends FieldValues>(error: unknown, values: T, setError: UseFormSetError<T>): number {
  if (!(error instanceof ApiError)) return 0;
  let placed = 0;
  for (const [field, message] of Object.entries(error.fields)) {
    if (!(field in values)) continue;
    setError(field as Path<T>, { type: 'server', message });
    placed += 1;
  }
  return placed;
}
