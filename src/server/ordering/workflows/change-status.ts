import { withOrderPrefix } from '../../../domain/display';
import type { DB } from '../../db/database';
import {
  auditStatusChange,
  confirmAndInvoice,
  orderToChange,
  queueStatusNews,
  refuseStatusChange,
  setStatusUnlessCancelled,
  type StatusChange,
  type StatusChangeResult,
} from '../status-steps';

/**
 * Change an order's status (PUT /api/email/admin/email): in one transaction the status, the invoice from READY on,
 * the status mail and the audit row, so the mail exists if and only if the change committed and a mail server being
 * down never fails this. Admins may pick any status at any time (SPEC.md §4), the current one included (which sends
 * the mail again); cancelling has its own workflow.
 */
export async function changeOrderStatus(db: DB, change: StatusChange): Promise<StatusChangeResult> {
  // The admin screen has the full id; a short one typed by hand gets its prefix.
  const orderid = withOrderPrefix(change.orderid);
  return db.transaction().execute(async (trx) => {
    const before = await orderToChange(trx, orderid);
    refuseStatusChange(before, change.status);
    await setStatusUnlessCancelled(trx, orderid, change.status);
    const order = await confirmAndInvoice(trx, before, change.status);
    const mailIds = await queueStatusNews(trx, order, change);
    await auditStatusChange(trx, change, before.status, mailIds.length);
    return { order, mailIds };
  });
}
