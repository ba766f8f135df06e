// An unpaid online order turned into cash on delivery (place-steps.ts, repeatOf): the customer closed the payment
// dialog and sent the same checkout again as COD.
import { orderNumber } from '../../domain/display';
import { codVerdict } from '../../domain/pricing';
import type { Order } from '../../domain/schemas/order';
import type { AppContext } from '../context';
import type { Executor } from '../db/database';
import { reclaimReleasedCouponUse } from '../coupons/coupon-service';
import { deliveryRules } from '../delivery/delivery-service';
import { conflict, HttpError } from '../http/errors';
import { kickMessages } from '../messages/index';
import { findOrderByOrderId, orderLineRows } from '../orders/order-repository';
import { getSettings } from '../settings/settings-repository';
import { retakeStockIfOnShelf } from '../stock/stock-holds';
import { outOfStockError } from '../stock/stock-service';
import { confirmationColumns } from './cod-confirmation';
import { queuePlacedMailsAndMessages } from './order-placed-mail';
import { switchUnpaidOrderToCod } from './order-write-repository';

const cancelledMeanwhile = (shortId: string) =>
  conflict(`Order ${shortId} was cancelled, so it cannot become cash on delivery. Start the checkout again to place a new order.`);

/**
 * The order becomes cash on delivery, judged again against the COD rules with its fee added; or the order as it
 * now stands when a payment landed first. An order whose 30-minute hold ended gave its bottles and its use of a code
 * back: like a late payment (payment-settlement.ts) it takes them again, in the switch's transaction and under the
 * same conditional updates as a new order. Unlike a late payment no money binds the shop to it, so where they are
 * gone the switch is refused (409 OUT_OF_STOCK or COUPON_USED_UP, as a new order would be) and the order stays
 * as it was: a COD order must never hold bottles another order bought, or a use another order claimed.
 */
export async function switchToCod(ctx: AppContext, existing: Order): Promise<Order> {
  const shortId = orderNumber(existing.id);
  if (existing.status === 'CANCELLED') throw cancelledMeanwhile(shortId);
  // Paying at the door is judged again on the order as it stands, and its fee is added to what is due.
  const rules = await deliveryRules(ctx.db);
  const goods = existing.totalAmount - existing.deliveryFee - existing.codFee;
  const cod = codVerdict(rules, existing.pincode, goods);
  if (!cod.allowed) throw new HttpError(400, 'COD_NOT_ALLOWED', cod.reason, { paymentmode: cod.reason }, { cod });
  const charges = { codFee: rules.codFee, total: goods + existing.deliveryFee + rules.codFee };
  const switched = await ctx.db.transaction().execute(async (trx) => {
    // From now on it is a COD order placed now: it waits for the customer's confirmation when the shop asks for one,
    // and its mails and WhatsApp message are those of a COD order (order-batch-writer.ts).
    const settings = await getSettings(trx);
    const confirmation = confirmationColumns({ paymentmode: 'CASHONDELIVERY' }, settings, new Date());
    // The conditional update holds the order's row, so the hold's release and a payment wait for this switch or
    // are seen by it: `stockReturned` is what the release left.
    const won = await switchUnpaidOrderToCod(trx, existing.id, charges, confirmation);
    if (!won) return null;
    // A throw below rolls the switch back with whatever it took.
    if (won.stockReturned) await retakeBottles(ctx, trx, existing);
    if (existing.couponCode) await reclaimCouponUse(trx, existing, existing.couponCode);
    const order = await findOrderByOrderId(trx, existing.orderid);
    if (order) {
      const links = { publicUrl: ctx.config.PUBLIC_URL, secret: ctx.config.JWT_SECRET };
      await queuePlacedMailsAndMessages(trx, settings, [{ order, confirmBy: confirmation.confirm_by ?? null }], ctx.config.SHOP_EMAIL, links);
    }
    return { order, stockRetaken: won.stockReturned };
  });
  if (switched?.order) {
    ctx.outbox.kick();
    kickMessages(ctx);
    // Bottles back off the shelf: the storefront's counts are read again.
    if (switched.stockRetaken) ctx.catalogue.invalidate();
    return switched.order;
  }
  // Lost to a payment that landed meanwhile (the order is paid online, which is what the customer wanted), or to the
  // same switch sent twice at once.
  const now = (await findOrderByOrderId(ctx.db, existing.orderid)) ?? existing;
  if (now.status === 'CANCELLED') throw cancelledMeanwhile(shortId);
  return now;
}

async function retakeBottles(ctx: AppContext, trx: Executor, existing: Order): Promise<void> {
  const short = await retakeStockIfOnShelf(trx, existing.id, ctx.config.SHOP_EMAIL);
  if (!short) return;
  const lines = (await orderLineRows(trx, existing.id)).map((l) => ({ productId: l.product_id, name: l.name, size: l.size_ml }));
  throw outOfStockError(lines, short);
}

async function reclaimCouponUse(trx: Executor, existing: Order, code: string): Promise<void> {
  if ((await reclaimReleasedCouponUse(trx, existing.id)) !== 'taken') return;
  const message =
    `${code} was used up by other orders while order ${orderNumber(existing.id)} waited for its payment, so it cannot ` +
    'become cash on delivery with that discount. Remove the code to place the order without it.';
  throw new HttpError(409, 'COUPON_USED_UP', message, { coupon: message });
}
