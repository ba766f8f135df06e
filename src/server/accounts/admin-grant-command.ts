import { emailField } from '../../domain/schemas/fields';
import { HttpError } from '../http/errors';
import { setAdminAccess, type AdminAccessDeps } from './admin-access-service';

export const ADMIN_GRANT_USAGE = 'Usage: npm run admin:grant -- <email> [--revoke]';

export interface CommandResult {
  exitCode: number;
  message: string;
}

/**
 * `npm run admin:grant -- email@x.in [--revoke]`: the same rules as the settings tab (audit entry, mail, never
 * the last admin), for when no admin can log in. The account must exist already.
 */
export async function runAdminGrant(deps: AdminAccessDeps, args: string[]): Promise<CommandResult> {
  const revoke = args.includes('--revoke');
  const rest = args.filter((a) => a !== '--revoke');
  const email = emailField.safeParse(rest[0] ?? '');
  if (rest.length !== 1 || !email.success) {
    const problem = rest.length === 1 ? `"${rest[0]}" is not an email address.\n` : '';
    return { exitCode: 2, message: `${problem}${ADMIN_GRANT_USAGE}` };
  }
  try {
    const message = await setAdminAccess(deps, { emailaddress: email.data, revoke, actorUserId: null });
    return { exitCode: 0, message };
  } catch (error) {
    if (error instanceof HttpError) return { exitCode: 1, message: error.message };
    throw error;
  }
}
