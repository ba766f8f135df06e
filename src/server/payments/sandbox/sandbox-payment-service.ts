import type { DB } from '../../db/database';
import { nowIso } from '../../db/database';
import { badRequest, HttpError, notFound } from '../../http/errors';
import { newGatewayId } from '../gateway-ids';
import { paymentSignature } from '../signatures';
import { cardDigits, cardOutcome, cardProblems, DECLINED_BY_BANK, type CardInput } from './sandbox-cards';
import type { SandboxGateway } from './sandbox-gateway';
import { findSandboxOrder, insertSandboxPayment, markSandboxOrderPaid, type SandboxPaymentRow } from './sandbox-repository';
import { sandboxEventBody, type WebhookDispatcher } from './sandbox-webhooks';

export interface SandboxPayInput {
  order_id: string;
  key_id: string;
  card: CardInput;
}

/** What Razorpay's checkout hands to `options.handler` after a successful payment. */
export interface CheckoutSuccess {
  razorpay_payment_id: string;
  razorpay_order_id: string;
  razorpay_signature: string;
}

/** Razorpay's `payment.failed` error object, as the dialog passes it on. */
export interface CheckoutFailure {
  code: string;
  description: string;
  source: string;
  step: string;
  reason: string;
  metadata: { order_id: string; payment_id: string };
}

/** What the dialog shows before the card is asked for: the order as the server created it. */
export interface SandboxOrderView {
  id: string;
  /** Paise, as the shop created the order; the page's own `amount` is never what is charged. */
  amount: number;
  currency: string;
  status: string;
}

async function sandboxOrderFor(db: DB, gateway: SandboxGateway, input: { order_id: string; key_id: string }) {
  if (!gateway.acceptsKeyId(input.key_id)) {
    throw badRequest(
      `The key id ${input.key_id} does not belong to this shop's sandbox; use ${gateway.keyId}, or name the client's own key id in PAYMENT_SANDBOX_KEY_ID.`,
      { key_id: 'Unknown key id' },
    );
  }
  const order = await findSandboxOrder(db, input.order_id);
  if (!order) throw notFound(`No sandbox payment order ${input.order_id}. Start the checkout again.`);
  return order;
}

/** The sandbox order a dialog is about to charge, read as Razorpay's checkout reads its order: by key id and order id. */
export async function viewSandboxOrder(
  deps: { db: DB; gateway: SandboxGateway },
  input: { order_id: string; key_id: string },
): Promise<SandboxOrderView> {
  const order = await sandboxOrderFor(deps.db, deps.gateway, input);
  return { id: order.id, amount: order.amount, currency: order.currency, status: order.status };
}

/**
 * The sandbox's card payment: records a captured or failed payment for a sandbox order, answers what
 * checkout.js would hand the page, and queues the webhooks Razorpay would send.
 */
export async function paySandboxOrder(
  deps: { db: DB; gateway: SandboxGateway; webhooks: WebhookDispatcher },
  input: SandboxPayInput,
): Promise<CheckoutSuccess> {
  const { db, gateway, webhooks } = deps;
  const order = await sandboxOrderFor(db, gateway, input);
  if (order.status === 'closed') throw new HttpError(400, 'ORDER_CLOSED', 'This order was cancelled, so it can no longer be paid; nothing was charged.');
  const problems = cardProblems(input.card);
  if (Object.keys(problems).length > 0) throw badRequest(Object.values(problems)[0] ?? 'Check the card details.', problems);

  const payment: SandboxPaymentRow = {
    id: newGatewayId('pay_'),
    order_id: order.id,
    amount: order.amount,
    status: cardOutcome(input.card.number),
    error_description: null,
    created_at: nowIso(),
    card_last4: cardDigits(input.card.number).slice(-4),
  };
  if (payment.status === 'failed') {
    payment.error_description = DECLINED_BY_BANK;
    await insertSandboxPayment(db, payment);
    webhooks.dispatch([sandboxEventBody('payment.failed', payment, order)]);
    const error: CheckoutFailure = {
      code: 'BAD_REQUEST_ERROR',
      description: DECLINED_BY_BANK,
      source: 'bank',
      step: 'payment_authorization',
      reason: 'payment_failed',
      metadata: { order_id: order.id, payment_id: payment.id },
    };
    throw new HttpError(402, 'PAYMENT_DECLINED', DECLINED_BY_BANK, undefined, { razorpay_error: error });
  }

  const paid = await db.transaction().execute(async (trx) => {
    if (!(await markSandboxOrderPaid(trx, order.id))) return false;
    await insertSandboxPayment(trx, payment);
    return true;
  });
  if (!paid) throw new HttpError(400, 'ORDER_ALREADY_PAID', 'This order has already been paid; nothing was charged again.');
  webhooks.dispatch([sandboxEventBody('payment.captured', payment, order), sandboxEventBody('order.paid', payment, order)]);
  const { keySecret } = await gateway.secrets();
  return {
    razorpay_payment_id: payment.id,
    razorpay_order_id: order.id,
    razorpay_signature: paymentSignature(order.id, payment.id, keySecret),
  };
}
