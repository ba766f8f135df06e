import type { PayOrderInput } from '../../../domain/schemas/order';
import type { AuthUser } from '../../auth/guards';
import type { AppContext } from '../../context';
import { gatewayFor } from '../../payments/gateway-registry';
import { callersOrder, orderView, refuseUnlessUnpaidOnline } from '../pay-again-steps';
import { onlineAnswer, type OnlineOrderAnswer } from '../online-placement-steps';

/**
 * Pay again (POST /api/checkout/payorder): the gateway order of the caller's own unpaid online order, so Pay now
 * and Try again open the dialog for that same order (Razorpay accepts new attempts on an order until one is
 * captured). Nothing is written: the amount is the one the order was placed for.
 */
export async function payAgain(ctx: AppContext, user: AuthUser, input: PayOrderInput): Promise<OnlineOrderAnswer> {
  const row = await callersOrder(ctx, user, input.orderid);
  refuseUnlessUnpaidOnline(row);
  return onlineAnswer(await orderView(ctx, row.orderid), gatewayFor(ctx).keyId);
}
