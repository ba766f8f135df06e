import type { CreateOrderInput } from '../../../domain/schemas/order';
import type { AuthUser } from '../../auth/guards';
import type { AppContext } from '../../context';
import type { CouponGuard } from '../../coupons/coupon-throttle';
import { onlineAnswer, onlineGateway, openGatewayOrder, refuseNothingToPay, type OnlineOrderAnswer } from '../online-placement-steps';
import { answerPlaced, orderOfReceipt, priceOrThrow, repeatOf, writeInGroupCommit } from '../place-steps';

/**
 * Place an order paid online (POST /api/checkout/createorder): price it, open the gateway's order, write it in the
 * next group commit holding its bottles until it is paid, and answer what the payment dialog needs. A repeated
 * receipt answers the order it made; nothing is mailed until the payment is confirmed.
 */
export async function placeOnlineOrder(ctx: AppContext, user: AuthUser, input: CreateOrderInput, guard?: CouponGuard): Promise<OnlineOrderAnswer> {
  const gateway = onlineGateway(ctx);
  const earlier = await orderOfReceipt(ctx, user, input);
  if (earlier) return onlineAnswer(await repeatOf(ctx, earlier, 'ONLINE', input), gateway.keyId);
  const priced = await priceOrThrow(ctx, user, input, 'ONLINE', guard);
  refuseNothingToPay(priced);
  const gatewayOrderId = await openGatewayOrder(gateway, priced, input);
  const placed = await writeInGroupCommit(ctx, user, input, priced, { mode: 'ONLINE', orderid: gatewayOrderId, gatewayOrderId });
  return onlineAnswer(await answerPlaced(ctx, placed, 'ONLINE', input), gateway.keyId);
}
