import type { CreateOrderInput, Order } from '../../../domain/schemas/order';
import type { AuthUser } from '../../auth/guards';
import type { AppContext } from '../../context';
import type { CouponGuard } from '../../coupons/coupon-throttle';
import { newGatewayId } from '../../payments/gateway-ids';
import { answerPlaced, priceCodOrder, writeInGroupCommit } from '../place-steps';

/**
 * Place a cash-on-delivery order (POST /api/checkout/codorder): price it as the quote did, then write it in the
 * next group commit with its bottles, its coupon use, its placed mail and WhatsApp message; a repeated receipt
 * answers the order it made.
 */
export async function placeCodOrder(ctx: AppContext, user: AuthUser, input: CreateOrderInput, guard?: CouponGuard): Promise<Order> {
  const pricing = await priceCodOrder(ctx, user, input, guard);
  if ('repeat' in pricing) return pricing.repeat;
  const placed = await writeInGroupCommit(ctx, user, input, pricing.priced, { mode: 'CASHONDELIVERY', orderid: newGatewayId('order_'), gatewayOrderId: null });
  return answerPlaced(ctx, placed, 'CASHONDELIVERY', input);
}
