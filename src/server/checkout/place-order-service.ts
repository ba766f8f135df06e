import { CURRENCY_CODE, type PaymentMode } from '../../domain/constants';
import { displayOrderId, formatRupees, shopTimestamp } from '../../domain/display';
import { toPaise } from '../../domain/pricing';
import type { CreateOrderAnswer, CreateOrderInput, Order } from '../../domain/schemas/order';
import type { AuthUser } from '../auth/guards';
import type { AppContext } from '../context';
import { nowIso } from '../db/database';
import { badRequest, conflict, HttpError } from '../http/errors';
import { findOrderByOrderId, findOrderByReceipt } from '../orders/order-repository';
import { switchUnpaidOrderToCod } from '../orders/order-write-repository';
import { GatewayUnavailableError } from '../payments/gateway';
import { newGatewayId } from '../payments/gateway-ids';
import { gatewayFor } from '../payments/gateway-registry';
import { outOfStockError, shortAtPricing } from '../stock/stock-service';
import { queueOrderPlacedMails } from './order-placed-mail';
import { priceOrder, type PricedLine } from './order-pricing';
import { loadCatalogueEntriesBatched } from './pricing-repository';

/** createorder's answer; `paymentstatus` tells a repeated request for a paid order not to open the dialog again. */
export type OnlineOrderAnswer = CreateOrderAnswer & Pick<Order, 'paymentstatus'>;

// Razorpay caps its receipt field at 40 characters; ours can be longer.
const GATEWAY_RECEIPT_MAX = 40;

async function priceOrThrow(ctx: AppContext, input: CreateOrderInput): Promise<{ lines: PricedLine[]; totalAmount: number }> {
  let catalogue;
  try {
    catalogue = await loadCatalogueEntriesBatched(ctx.catalogue, ctx.db, input.items.map((i) => i.name));
  } catch (error) {
    // Only a remote product source (Sanity) can be unreachable with no earlier list to fall back on.
    if (ctx.catalogue.kind !== 'sanity') throw error;
    throw new HttpError(
      503,
      'CATALOGUE_UNAVAILABLE',
      'The product list is not available right now, so the order cannot be priced. Please try again in a minute.',
    );
  }
  const result = priceOrder(input.items, input.totalAmount, catalogue);
  if (result.kind === 'invalid') {
    throw badRequest(Object.values(result.fields)[0] ?? 'Some items cannot be ordered.', result.fields);
  }
  if (result.kind === 'price-changed') {
    throw new HttpError(
      409,
      'PRICE_CHANGED',
      `Prices have changed since these items were added. The total is now ${formatRupees(result.totalAmount)}; please check your order and place it again.`,
      undefined,
      {
        prices: result.lines.map((l) => ({ name: l.name, quantity: l.size, finalPrice: l.unitPrice })),
        totalAmount: result.totalAmount,
      },
    );
  }
  const short = shortAtPricing(result.lines);
  if (short) throw outOfStockError(result.lines, short);
  return result;
}

function sameItems(order: Order, input: CreateOrderInput): boolean {
  return (
    order.items.length === input.items.length &&
    order.items.every((line, i) => {
      const item = input.items[i];
      return !!item && line.name === item.name && line.quantity === item.quantity && line.itemQty === item.itemQty;
    })
  );
}

/**
 * A repeated request with a receipt this user already used (double click, retry, network blip).
 * The same checkout answers the order already made. An unpaid online order may become cash on delivery
 * (the customer closed the dialog and switched); anything else on that receipt is a different checkout.
 */
async function repeatOf(ctx: AppContext, existing: Order, mode: PaymentMode, input: CreateOrderInput): Promise<Order> {
  const shortId = displayOrderId(existing.orderid);
  if (!sameItems(existing, input)) {
    throw conflict(
      `Receipt ${input.receipt} was already used for order ${shortId} with other items. Start the checkout again to place a new order.`,
    );
  }
  if (existing.paymentmode === mode) return existing;
  if (mode === 'ONLINE') {
    throw conflict(`Order ${shortId} was already placed as cash on delivery. Start the checkout again to pay online instead.`);
  }
  const switched = await ctx.db.transaction().execute(async (trx) => {
    if (!(await switchUnpaidOrderToCod(trx, existing.id))) return null;
    const order = await findOrderByOrderId(trx, existing.orderid);
    if (order) await queueOrderPlacedMails(trx, order, ctx.config.SHOP_EMAIL);
    return order;
  });
  if (switched) ctx.outbox.kick();
  // Lost to a payment that landed meanwhile: the order is paid online, which is what the customer wanted.
  return switched ?? (await findOrderByOrderId(ctx.db, existing.orderid)) ?? existing;
}

const tracked = (line: PricedLine) => line.productId !== null && line.stock !== null;

async function insertPricedOrder(
  ctx: AppContext,
  user: AuthUser,
  input: CreateOrderInput,
  priced: { lines: PricedLine[]; totalAmount: number },
  payment: { mode: PaymentMode; orderid: string; gatewayOrderId: string | null },
): Promise<{ order: Order; created: boolean }> {
  const now = shopTimestamp();
  const cod = payment.mode === 'CASHONDELIVERY';
  const result = await ctx.orderWriter.place({
    order: {
      orderid: payment.orderid,
      user_id: user.id,
      receipt: input.receipt,
      username: input.username,
      emailaddress: input.emailaddress,
      mobilenumber: input.mobilenumber,
      address: input.address,
      pincode: input.pincode,
      district: input.district,
      state: input.state,
      note: input.note,
      total_amount: priced.totalAmount,
      paymentmode: payment.mode,
      payment_status: cod ? 'COD' : 'PENDING',
      paymentid: '',
      status: 'PREPARATION',
      gateway_order_id: payment.gatewayOrderId,
      verified_at: null,
      paid_at: null,
      client_created_at: input.createdAt ?? null,
      created_at: now,
      updated_at: nowIso(),
    },
    lines: priced.lines.map((line, position) => ({
      position,
      product_id: line.productId,
      name: line.name,
      size_ml: line.size,
      unit_price: line.unitPrice,
      item_qty: line.itemQty,
      line_total: line.lineTotal,
      stock_taken: tracked(line) ? 1 : 0,
    })),
    queueMail: cod,
    stock: priced.lines.filter(tracked).map((line) => ({ productId: line.productId as number, size: line.size, qty: line.itemQty })),
  });
  if (result.kind === 'out-of-stock') {
    // A retry of an order that took the last bottles finds them gone: it answers that order, not a refusal.
    const placed = await findOrderByReceipt(ctx.db, user.id, input.receipt);
    if (placed) return { order: placed, created: false };
    throw outOfStockError(priced.lines, result.short);
  }
  if (result.kind === 'created') {
    if (cod) ctx.outbox.kick();
    if (result.stockShown) ctx.catalogue.invalidate();
    return { order: result.order, created: true };
  }
  // The receipt is taken: a retry of a placed order, or a twin request that won the race. Answer that order.
  const existing = await findOrderByReceipt(ctx.db, user.id, input.receipt);
  if (!existing) throw new Error(`receipt ${input.receipt} was taken, yet no order of user ${user.id} has it`);
  return { order: existing, created: false };
}

export async function placeCodOrder(ctx: AppContext, user: AuthUser, input: CreateOrderInput): Promise<Order> {
  // Almost every checkout brings a new receipt, so it is priced and written without asking for the receipt
  // first (one read fewer per order); a retry instead pays for an insert that conflicts, then finds its order.
  // When pricing refuses, the receipt is looked up before answering: a retry after prices changed or a product
  // ran out still answers the order it placed. Nothing is asked of a gateway here, so writing first is safe.
  let priced: Awaited<ReturnType<typeof priceOrThrow>>;
  try {
    priced = await priceOrThrow(ctx, input);
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    // If the lookup itself fails, the customer still hears why the order was refused.
    const existing = await findOrderByReceipt(ctx.db, user.id, input.receipt).catch(() => null);
    if (existing) return repeatOf(ctx, existing, 'CASHONDELIVERY', input);
    throw error;
  }
  const { order, created } = await insertPricedOrder(ctx, user, input, priced, {
    mode: 'CASHONDELIVERY',
    orderid: newGatewayId('order_'),
    gatewayOrderId: null,
  });
  return created ? order : repeatOf(ctx, order, 'CASHONDELIVERY', input);
}

export async function placeOnlineOrder(ctx: AppContext, user: AuthUser, input: CreateOrderInput): Promise<OnlineOrderAnswer> {
  const gateway = gatewayFor(ctx);
  const existing = await findOrderByReceipt(ctx.db, user.id, input.receipt);
  if (existing) return onlineAnswer(await repeatOf(ctx, existing, 'ONLINE', input), gateway.keyId);
  const priced = await priceOrThrow(ctx, input);
  let gatewayOrderId: string;
  try {
    const gatewayOrder = await gateway.createOrder({
      amount: toPaise(priced.totalAmount),
      currency: CURRENCY_CODE,
      receipt: input.receipt.slice(0, GATEWAY_RECEIPT_MAX),
    });
    gatewayOrderId = gatewayOrder.id;
  } catch (error) {
    if (!(error instanceof GatewayUnavailableError)) throw error;
    throw new HttpError(
      503,
      'GATEWAY_UNAVAILABLE',
      'Online payment is not available right now. Please try again in a few minutes, or choose Cash on Delivery.',
    );
  }
  const { order, created } = await insertPricedOrder(ctx, user, input, priced, {
    mode: 'ONLINE',
    orderid: gatewayOrderId,
    gatewayOrderId,
  });
  return onlineAnswer(created ? order : await repeatOf(ctx, order, 'ONLINE', input), gateway.keyId);
}

function onlineAnswer(order: Order, keyid: string): OnlineOrderAnswer {
  return {
    orderid: order.orderid,
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
