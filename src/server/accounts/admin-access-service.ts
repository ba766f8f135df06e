import { ROLES } from '../../domain/constants';
import type { AdminAccessInput } from '../../domain/schemas/account';
import { writeAudit } from '../audit/audit-log';
import type { AppContext } from '../context';
import { conflict, notFound } from '../http/errors';
import { enqueueMail } from '../mail/outbox';
import { adminGrantedMail, adminRevokedMail } from './account-mails';
import { addRole, adminIds, findUserByEmail, removeRole } from './user-repository';

export type AdminAccessDeps = Pick<AppContext, 'db' | 'dialect' | 'config'>;

export const LAST_ADMIN_MESSAGE = 'You cannot revoke the last admin.';

export const adminAccessMessages = {
  granted: (email: string) => `Admin access granted to ${email}`,
  revoked: (email: string) => `Admin access revoked from ${email}`,
  alreadyAdmin: (email: string) => `${email} already has admin access.`,
  notAdmin: (email: string) => `${email} does not have admin access.`,
  unknown: (email: string) =>
    `No account uses ${email}. The person needs to register (or order once) before getting admin access.`,
};

/**
 * Grants or revokes ADMIN. The change, its audit entry and the mail to the person commit together; asking for
 * what is already so changes nothing and says so. `actorUserId` is null when done from the command line.
 */
export async function setAdminAccess(
  deps: AdminAccessDeps,
  input: AdminAccessInput & { actorUserId: number | null },
): Promise<string> {
  const email = input.emailaddress;
  return deps.db.transaction().execute(async (trx) => {
    const user = await findUserByEmail(trx, email);
    if (!user) throw notFound(adminAccessMessages.unknown(email));
    const admins = await adminIds(trx, { lock: deps.dialect === 'postgres' });
    const isAdmin = admins.includes(user.id);

    if (!input.revoke) {
      if (isAdmin) return adminAccessMessages.alreadyAdmin(email);
      await addRole(trx, user.id, ROLES.ADMIN);
      await writeAudit(trx, { actorUserId: input.actorUserId, action: 'admin.grant', target: email });
      await enqueueMail(trx, adminGrantedMail(email, user.username, deps.config.PUBLIC_URL));
      return adminAccessMessages.granted(email);
    }

    if (!isAdmin) return adminAccessMessages.notAdmin(email);
    if (admins.length <= 1) throw conflict(LAST_ADMIN_MESSAGE);
    await removeRole(trx, user.id, ROLES.ADMIN);
    await writeAudit(trx, { actorUserId: input.actorUserId, action: 'admin.revoke', target: email });
    await enqueueMail(trx, adminRevokedMail(email, user.username));
    return adminAccessMessages.revoked(email);
  });
}
