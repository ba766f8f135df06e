import { orderNumber } from '../../../domain/display';
import type { Executor } from '../../db/database';
import { enqueueMails, type OutgoingMail } from '../../mail/outbox';
import { getSettings } from '../../settings/settings-repository';

export const SHIPPED_MAIL_KIND = 'order-shipped';

/**
 * The "shipped" mail (DESIGN.md §8.5), queued in the booking's transaction: courier, AWB and tracking link, to the
 * customer when Settings send customers mail. Answers how many were queued.
 */
export async function queueShippedMail(
  trx: Executor,
  order: { id: number; orderid: string; username: string; emailaddress: string },
  shipment: { courier: string; awb: string; trackingUrl: string },
): Promise<number> {
  const settings = await getSettings(trx);
  if (!settings.customeremail) return 0;
  const id = orderNumber(order.id);
  const link = shipment.trackingUrl ? `Follow it here: ${shipment.trackingUrl}\n\n` : '';
  const mail: OutgoingMail = {
    kind: SHIPPED_MAIL_KIND,
    to: order.emailaddress,
    subject: `Your order ${id} is on its way`,
    text: `Namaste ${order.username},\n\nYour order ${id} is packed and booked with ${shipment.courier}.\n\nAWB (tracking number): ${shipment.awb}\n${link}We will write again when it is out for delivery.\n\nThe Ghee Shop family`,
  };
  await enqueueMails(trx, [mail]);
  return 1;
}
