import type { OrderStatus } from '../../domain/order-status';
import { placeholderValuesForOrder } from '../../domain/placeholders';
import type { Order } from '../../domain/schemas/order';
import type { Executor } from '../db/database';
import { DEFAULT_STATUS_TEMPLATES } from './default-mail-copy';
import { notFound } from '../http/errors';
import { enqueueMail, type OutgoingMail } from '../mail/outbox';
import { renderMail, type RenderedMail } from '../mail/render';
import { invoiceAttachment } from '../invoicing/invoice-attachment';
import { getSettings } from '../settings/settings-repository';
import { findTemplateWithSlot } from './template-repository';

export const orderNotFound = (orderid: string) =>
  notFound(`There is no order ${orderid}. Check the order id and try again.`);

/** The status's default template, or the built-in copy when the shop has none marked default. */
export async function statusTemplate(executor: Executor, status: OrderStatus) {
  return (await findTemplateWithSlot(executor, { status, isdefault: true })) ?? DEFAULT_STATUS_TEMPLATES[status];
}

/** The status mail of the order's status, to the customer and the shop as Settings ask; answers how many. */
export async function queueStatusMails(trx: Executor, order: Order, shopEmail: string): Promise<number> {
  const settings = await getSettings(trx);
  // The delivered mail carries the tax invoice (issued by now, unless the business details are still unset).
  const attachments = order.status === 'DELIVERED' && order.invoiceNumber ? [invoiceAttachment(order.invoiceNumber)] : undefined;
  const mail = { ...renderMail(await statusTemplate(trx, order.status), placeholderValuesForOrder(order)), attachments };
  const recipients = [
    ...(settings.customeremail ? [{ kind: 'status-mail', to: order.emailaddress }] : []),
    ...(settings.emailsetting ? [{ kind: 'status-mail-shop-copy', to: shopEmail }] : []),
  ];
  for (const recipient of recipients) await queue(trx, recipient, mail);
  return recipients.length;
}

async function queue(trx: Executor, recipient: { kind: string; to: string }, mail: RenderedMail & Pick<OutgoingMail, 'attachments'>) {
  await enqueueMail(trx, { kind: recipient.kind, to: recipient.to, ...mail });
}
