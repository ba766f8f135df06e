// The steps of placing an order (workflows/place-cod-order.ts, workflows/place-online-order.ts): price, answer a
// repeated receipt, open the gateway order, write in the next group commit.
import type { PaymentMode } from '../../domain/constants';
import { formatRupees, orderNumber, shopTimestamp } from '../../domain/display';
import type { CreateOrderInput, Order } from '../../domain/schemas/order';
import type { AuthUser } from '../auth/guards';
import type { AppContext } from '../context';
import { nowIso } from '../db/database';
import { badRequest, conflict, HttpError } from '../http/errors';
import { isShopsOwnGstin } from '../business/business-service';
import { OWN_GSTIN_MESSAGE } from '../../domain/india/gstin';
import { findOrderByReceipt } from '../orders/order-repository';
import { switchToCod } from './cod-switch-steps';
import { CouponUsedUpError, type NewPlacement, type PlacementResult } from './order-batch-writer';
import { outOfStockError, shortAtPricing } from '../stock/stock-service';
import { kickMessages } from '../messages/index';
import type { PricedLine } from './order-pricing';
import { priceCheckout, notServedError, type CouponGuard, type PricedCheckout } from './checkout-pricing';

type PricedOrder = PricedCheckout;

/**
 * Prices the order as the quote does and refuses what cannot be placed: an unserved pincode, a code that does not
 * apply, cash on delivery where it is not allowed (each a 400 saying why), prices or a total that are not today's
 * (409 PRICE_CHANGED with the new figures). `mode` is the route's (codorder or createorder), never the body's
 * `paymentmode`: a body naming the other mode would otherwise be priced and judged as one order and placed as the other.
 */
export async function priceOrThrow(ctx: AppContext, user: AuthUser, input: CreateOrderInput, mode: PaymentMode, guard?: CouponGuard): Promise<PricedOrder> {
  // Only a business buyer pays for this read.
  if (input.gstin && (await isShopsOwnGstin(ctx.db, input.gstin))) throw badRequest(OWN_GSTIN_MESSAGE, { gstin: OWN_GSTIN_MESSAGE });
  const priced = await priceCheckout(ctx, user.id, { items: input.items, pincode: input.pincode, coupon: input.coupon, paymentmode: mode }, guard);
  if (!priced.serviceable) throw notServedError(input.pincode);
  if (priced.coupon && !priced.coupon.applied) {
    const reason = priced.coupon.reason ?? 'This code does not apply.';
    throw new HttpError(400, 'COUPON_NOT_APPLICABLE', reason, { coupon: reason });
  }
  const { totals } = priced;
  if (mode === 'CASHONDELIVERY' && !totals.cod.allowed) {
    throw new HttpError(400, 'COD_NOT_ALLOWED', totals.cod.reason, { paymentmode: totals.cod.reason }, { cod: totals.cod });
  }
  const pricesDiffer = priced.lines.some((line, i) => line.unitPrice !== input.items[i]?.finalPrice);
  if (pricesDiffer || totals.total !== input.totalAmount) {
    throw new HttpError(
      409,
      'PRICE_CHANGED',
      `Prices have changed since these items were added. The total is now ${formatRupees(totals.total)}; please check your order and place it again.`,
      undefined,
      {
        prices: priced.lines.map((l) => ({ name: l.name, quantity: l.size, finalPrice: l.unitPrice })),
        totalAmount: totals.total,
      },
    );
  }
  const short = shortAtPricing(priced.lines);
  if (short) throw outOfStockError(priced.lines, short);
  return priced;
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
 * (the customer closed the dialog and switched: cod-switch-steps.ts); anything else on that receipt is a different
 * checkout.
 */
export async function repeatOf(ctx: AppContext, existing: Order, mode: PaymentMode, input: CreateOrderInput): Promise<Order> {
  const shortId = orderNumber(existing.id);
  if (!sameItems(existing, input)) {
    throw conflict(
      `Receipt ${input.receipt} was already used for order ${shortId} with other items. Start the checkout again to place a new order.`,
    );
  }
  if (existing.paymentmode === mode) return existing;
  if (mode === 'ONLINE') {
    throw conflict(`Order ${shortId} was already placed as cash on delivery. Start the checkout again to pay online instead.`);
  }
  return switchToCod(ctx, existing);
}

const tracked = (line: PricedLine) => line.productId !== null && line.stock !== null;

async function placeOrRefuse(ctx: AppContext, placement: NewPlacement): Promise<PlacementResult> {
  try {
    return await ctx.orderWriter.place(placement);
  } catch (error) {
    if (error instanceof CouponUsedUpError) {
      throw new HttpError(409, 'COUPON_USED_UP', error.message, { coupon: error.message });
    }
    throw error;
  }
}

export interface PlacedOrder {
  order: Order;
  /** False when the receipt was already taken: `order` is the one placed before. */
  created: boolean;
}

/**
 * Hands the priced order to the group-commit writer, which takes its bottles, records its coupon use, writes the
 * order, its lines and (for COD) its mail and messages in the next shared transaction; then wakes the workers.
 */
export async function writeInGroupCommit(
  ctx: AppContext,
  user: AuthUser,
  input: CreateOrderInput,
  priced: PricedOrder,
  payment: { mode: PaymentMode; orderid: string; gatewayOrderId: string | null },
): Promise<PlacedOrder> {
  const now = shopTimestamp();
  const cod = payment.mode === 'CASHONDELIVERY';
  const result = await placeOrRefuse(ctx, {
    order: {
      orderid: payment.orderid,
      user_id: user.id,
      receipt: input.receipt,
      username: input.username,
      // Order mails go to the account, never to an address the body names (DESIGN.md §7.1): otherwise the shop
      // could be made to mail anyone. For a guest the billing form's address is the account's.
      emailaddress: user.email,
      mobilenumber: input.mobilenumber,
      address: input.address,
      pincode: input.pincode,
      district: input.district,
      state: input.state,
      gstin: input.gstin,
      business_name: input.gstin ? input.businessName : '',
      whatsapp_opt_in: input.whatsappOptIn ? 1 : 0,
      note: input.note,
      total_amount: priced.totals.total,
      subtotal: priced.totals.subtotal,
      delivery_fee: priced.totals.deliveryFee,
      cod_fee: priced.totals.codFee,
      discount: priced.totals.discount,
      coupon_code: priced.claim?.code ?? null,
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
    coupon: priced.claim ? { rules: priced.claim, userId: user.id } : null,
    stock: priced.lines.filter(tracked).map((line) => ({ productId: line.productId as number, size: line.size, qty: line.itemQty })),
  });
  if (result.kind === 'out-of-stock') {
    // A retry of an order that took the last bottles finds them gone: it answers that order, not a refusal.
    const placed = await findOrderByReceipt(ctx.db, user.id, input.receipt);
    if (placed) return { order: placed, created: false };
    throw outOfStockError(priced.lines, result.short);
  }
  if (result.kind === 'created') {
    if (cod) {
      ctx.outbox.kick();
      if (result.order.whatsappOptIn) kickMessages(ctx);
    }
    if (result.stockShown) ctx.catalogue.invalidate();
    return { order: result.order, created: true };
  }
  // The receipt is taken: a retry of a placed order, or a twin request that won the race. Answer that order.
  const existing = await findOrderByReceipt(ctx.db, user.id, input.receipt);
  if (!existing) throw new Error(`receipt ${input.receipt} was taken, yet no order of user ${user.id} has it`);
  return { order: existing, created: false };
}

/**
 * Prices a COD order, or answers the order a repeated receipt already made. Almost every checkout brings a new
 * receipt, so it is priced and written without asking for the receipt first (one read fewer per order); a retry
 * instead pays for an insert that conflicts, then finds its order. When pricing refuses, the receipt is looked up
 * before answering: a retry after prices changed or a product ran out still answers the order it placed. Nothing is
 * asked of a gateway here, so writing first is safe.
 */
export async function priceCodOrder(
  ctx: AppContext,
  user: AuthUser,
  input: CreateOrderInput,
  guard?: CouponGuard,
): Promise<{ priced: PricedOrder } | { repeat: Order }> {
  try {
    return { priced: await priceOrThrow(ctx, user, input, 'CASHONDELIVERY', guard) };
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    // If the lookup itself fails, the customer still hears why the order was refused.
    const existing = await findOrderByReceipt(ctx.db, user.id, input.receipt).catch(() => null);
    if (existing) return { repeat: await repeatOf(ctx, existing, 'CASHONDELIVERY', input) };
    throw error;
  }
}

/** The order the placement answers: the one written, or for a taken receipt the earlier one as it now stands. */
export function answerPlaced(ctx: AppContext, placed: PlacedOrder, mode: PaymentMode, input: CreateOrderInput): Order | Promise<Order> {
  return placed.created ? placed.order : repeatOf(ctx, placed.order, mode, input);
}

/** An online checkout asks for its receipt first: a gateway order is opened before the write, and only once. */
export async function orderOfReceipt(ctx: AppContext, user: AuthUser, input: CreateOrderInput): Promise<Order | null> {
  return findOrderByReceipt(ctx.db, user.id, input.receipt);
}

