import { ApiError } from '../../lib/api-client';

/** What to tell the admin about a failed call: the server's own sentence when there is one. */
export function messageOf(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 403) return 'Your account no longer has admin access. Ask another admin to grant it again.';
    return error.message;
  }
  return 'Something went wrong. Please try again.';
}
