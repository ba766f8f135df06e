// Turns schema issues into the `fields` map of an API error, which forms show under each field.
import type { ApiError } from './errors';
import { ERROR_CODES } from './errors';

/** The part of a ZodError (or any Standard Schema failure) that we read. */
export interface IssueList {
  issues: readonly { path?: readonly PropertyKey[] | undefined; message: string }[];
}

/** Key '' holds an issue about the whole value rather than one field. */
export const ROOT_FIELD = '';

/** First message per dotted path, e.g. { 'items.0.itemQty': 'Quantity must be between 1 and 10' }. */
export function fieldErrors(error: IssueList): Record<string, string> {
  // A Map, so a hostile key such as '__proto__' is stored as data, never as the prototype.
  const fields = new Map<string, string>();
  for (const issue of error.issues) {
    const key = (issue.path ?? []).map(String).join('.');
    if (!fields.has(key)) fields.set(key, issue.message);
  }
  return Object.fromEntries(fields);
}

/** The 400 body for a failed validation; the message is the first problem found. */
export function validationApiError(error: IssueList): ApiError {
  return {
    error: ERROR_CODES.VALIDATION_FAILED,
    message: error.issues[0]?.message ?? 'Invalid request',
    fields: fieldErrors(error),
  };
}
