import { randomBytes } from 'node:crypto';
import { ROLES } from '../../domain/constants';
import { emailField } from '../../domain/schemas/fields';
import { hashPassword } from '../auth/passwords';
import type { DB } from '../db/database';
import { adminPasswordNotice } from './admin-notice';
import type { CommandResult } from './admin-grant-command';
import { rolesOf, setPasswordHash } from './user-repository';

export const ADMIN_PASSWORD_USAGE = 'Usage: npm run admin:password -- <email>';

/** 18 random bytes: 24 characters, safe to paste anywhere. */
export function generatedPassword(): string {
  return randomBytes(18).toString('base64url');
}

/**
 * `npm run admin:password -- owner@x.in`: a new generated password for an admin who cannot log in (the first
 * start's password lost, no mail set up for Forgot password). Sessions signed in with the old one end, as after
 * any password change. Only admins: anyone else resets through the mail link.
 */
export async function runAdminPassword(deps: { db: DB }, args: string[]): Promise<CommandResult> {
  const email = emailField.safeParse(args[0] ?? '');
  if (args.length !== 1 || !email.success) {
    const problem = args.length === 1 ? `"${args[0]}" is not an email address.\n` : '';
    return { exitCode: 2, message: `${problem}${ADMIN_PASSWORD_USAGE}` };
  }
  const user = await deps.db.selectFrom('users').select('id').where('email', '=', email.data).executeTakeFirst();
  if (!user) return { exitCode: 1, message: `No account has the email ${email.data}. Check the address, or set ADMIN_EMAIL and start the shop to create it.` };
  if (!(await rolesOf(deps.db, user.id)).includes(ROLES.ADMIN)) {
    return { exitCode: 1, message: `${email.data} is not an admin. Grant it first (npm run admin:grant -- ${email.data}), or let the customer use Forgot password.` };
  }
  const password = generatedPassword();
  await setPasswordHash(deps.db, user.id, await hashPassword(password));
  return { exitCode: 0, message: adminPasswordNotice(email.data, password, 'New admin password set') };
}
