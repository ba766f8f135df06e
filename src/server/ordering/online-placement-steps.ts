// The steps only an online placement has (workflows/place-online-order.ts): the gateway, its order, the dialog's answer.
import { orderNumber } from '../../domain/display';
import { CURRENCY_CODE } from '../../domain/constants';
import { toPaise } from '../../domain/pricing';
import type { CreateOrderAnswer, CreateOrderInput, Order } from '../../domain/schemas/order';
import type { AppContext } from '../context';
import { HttpError } from '../http/errors';
import { GatewayUnavailableError, type PaymentGateway } from '../payments/gateway';
import { gatewayFor } from '../payments/gateway-registry';
import type { PricedCheckout } from './checkout-pricing';

/** createorder's answer; `paymentstatus` tells a repeated request for a paid order not to open the dialog again. */
export type OnlineOrderAnswer = CreateOrderAnswer & Pick<Order, 'paymentstatus'>;

// Razorpay caps its receipt field at 40 characters; ours can be longer.
const GATEWAY_RECEIPT_MAX = 40;


/** The gateway that takes online payment, refused (409) when the shop has online payment off. */
export function onlineGateway(ctx: AppContext): PaymentGateway {
  const gateway = gatewayFor(ctx);
  if (gateway.name === 'off') {
    throw new HttpError(
      409,
      'ONLINE_PAYMENT_OFF',
      'This shop does not take online payment at the moment. Please choose Cash on Delivery to place your order.',
    );
  }
  return gateway;
}


/**
 * A code that takes the whole total leaves nothing to pay: the gateway cannot take Rs. 0, and an order must not be
 * marked paid on no payment (docs/decisions/069).
 */
export function refuseNothingToPay(priced: PricedCheckout): void {
  if (priced.totals.total <= 0) {
    const message = 'Your coupon covers the whole order, so there is nothing to pay online. Please choose Cash on Delivery to place it.';
    throw new HttpError(400, 'NOTHING_TO_PAY', message, { paymentmode: message });
  }
}

/** Opens the gateway's order for the priced total; its id becomes the order's id. */
export async function openGatewayOrder(gateway: PaymentGateway, priced: PricedCheckout, input: CreateOrderInput): Promise<string> {
  try {
    const gatewayOrder = await gateway.createOrder({
      amount: toPaise(priced.totals.total),
      currency: CURRENCY_CODE,
      receipt: input.receipt.slice(0, GATEWAY_RECEIPT_MAX),
    });
    return gatewayOrder.id;
  } catch (error) {
    if (!(error instanceof GatewayUnavailableError)) throw error;
    throw new HttpError(
      503,
      'GATEWAY_UNAVAILABLE',
      'Online payment is not available right now. Please try again in a few minutes, or choose Cash on Delivery.',
    );
  }
}

/** What the browser needs to open the payment dialog for the order. */
export function onlineAnswer(order: Order, keyid: string): OnlineOrderAnswer {
  return {
    orderid: order.orderid,
    orderNumber: orderNumber(order.id),
    totalAmount: order.totalAmount,
    amount: toPaise(order.totalAmount),
    currency: CURRENCY_CODE,
    keyid,
    username: order.username,
    emailaddress: order.emailaddress,
    mobilenumber: order.mobilenumber,
    address: order.address,
    paymentstatus: order.paymentstatus,
  };
}
