// Checkout and order wire shapes (SPEC.md §3, DESIGN.md §3). The client's prices are only a
// claim: the server re-prices every line and answers PRICE_CHANGED when they differ.
import { z } from 'zod';
import {
  ADMIN_ORDERS_DEFAULT_LIMIT,
  ADMIN_ORDERS_MAX_LIMIT,
  CURRENCY_CODE,
  DEFAULT_PAYMENT_MODE,
  GATEWAY_ID_MAX_LENGTH,
  ORDER_ITEM_NAME_MAX,
  ORDER_ITEMS_MAX,
  ORDER_NOTE_MAX,
  ORDER_SEARCH_MAX,
  PAYMENT_MODES,
  PAYMENT_SIGNATURE_MAX_LENGTH,
  PAYMENT_STATUSES,
  RECEIPT_MAX_LENGTH,
  SIZE_MAX_ML,
} from '../constants';
import { VALIDATION } from '../messages';
import { CONFIRMATION_STATES } from '../messages-and-confirmation';
import { ORDER_STATUSES } from '../order-status';
import { shipmentViewSchema } from '../shipping';
import { formatSize, withOrderPrefix, withPaymentPrefix } from '../display';
import { linesOverBottleLimit } from '../line-limits';
import {
  addressField,
  businessNameField,
  districtField,
  emailField,
  gstinField,
  idField,
  itemQtyField,
  mobileField,
  nameField,
  optionalText,
  pincodeField,
  requireBusinessName,
  requiredText,
  stateField,
} from './fields';
import { atMost } from './at-most';

export const orderStatusSchema = z.enum(ORDER_STATUSES, { error: VALIDATION.statusInvalid });
export const paymentModeSchema = z.enum(PAYMENT_MODES, { error: VALIDATION.paymentModeInvalid });
export const paymentStatusSchema = z.enum(PAYMENT_STATUSES);

const wholeRupees = z
  .number({ error: VALIDATION.amountInvalid })
  .int({ error: VALIDATION.amountInvalid })
  .min(0, { error: VALIDATION.amountInvalid })
  .max(Number.MAX_SAFE_INTEGER, { error: VALIDATION.amountInvalid });

// The original client (DESIGN.md §7.4) sends its whole cart line: id, price (the array), description, images and,
// from the detail page, quantitysize, instock and offerprice. Only these four are read; the rest is stripped, never
// stored and never trusted (the server prices every line itself). Its lines may lack itemQty, which it counts as 1.
export const orderItemInputSchema = z.object({
  name: requiredText(VALIDATION.itemNameRequired, ORDER_ITEM_NAME_MAX, 'Item name'),
  quantity: z
    .number({ error: VALIDATION.sizeInvalid })
    .int({ error: VALIDATION.sizeInvalid })
    .min(1, { error: VALIDATION.sizeInvalid })
    .max(SIZE_MAX_ML, { error: VALIDATION.sizeInvalid }),
  itemQty: itemQtyField.default(1),
  finalPrice: wholeRupees,
});
export type OrderItemInput = z.infer<typeof orderItemInputSchema>;

/**
 * Body of POST /api/checkout/createorder and /codorder. Unlike the other write bodies it is not strict: the
 * original client's order draft carries more (its draft `id`, for one), and unknown fields are stripped before
 * the service sees them, so a smuggled `status`, `paymentstatus`, `paymentid` or `user_id` reaches nothing.
 */
export const orderBodySchema = z.object({
  username: nameField,
  mobilenumber: mobileField,
  emailaddress: emailField,
  address: addressField,
  pincode: pincodeField,
  state: stateField,
  district: districtField,
  items: z
    .array(orderItemInputSchema)
    .min(1, { error: VALIDATION.itemsRequired })
    .max(ORDER_ITEMS_MAX, { error: VALIDATION.tooManyItems(ORDER_ITEMS_MAX) })
    .superRefine((items, ctx) => {
      for (const over of linesOverBottleLimit(items)) {
        ctx.addIssue({
          code: 'custom',
          path: [over.index, 'itemQty'],
          message: VALIDATION.productSizeOverLimit(over.name, formatSize(over.quantity), over.bottles),
        });
      }
    }),
  totalAmount: wholeRupees,
  receipt: requiredText(VALIDATION.receiptRequired, RECEIPT_MAX_LENGTH, 'Receipt'),
  note: optionalText(ORDER_NOTE_MAX, 'Note').default(''),
  // The browser's clock is kept only as information; the server stamps its own time.
  createdAt: z.string().max(64).optional(),
  paymentmode: paymentModeSchema.default(DEFAULT_PAYMENT_MODE),
  // One discount code (DESIGN.md §7.6); the server decides whether it applies, the total sent must then match.
  coupon: z.string().trim().max(64, { error: 'That code is too long' }).optional(),
  // A business buyer (DESIGN.md §8.2): printed on the invoice as the recipient's; '' (or left out) for a consumer.
  gstin: gstinField.default(''),
  businessName: businessNameField.default(''),
  // WhatsApp order updates to the order's mobile number (DESIGN.md §8.6); only a ticked box opts in.
  whatsappOptIn: z.boolean({ error: 'Say yes or no to WhatsApp updates' }).default(false),
});

export const createOrderSchema = orderBodySchema.superRefine(requireBusinessName);
export type CreateOrderInput = z.infer<typeof createOrderSchema>;
/** What a caller builds before defaults apply (note and paymentmode may be left out). */
export type CreateOrderBody = z.input<typeof createOrderSchema>;

/** Everything the browser needs to open the payment dialog. `amount` is in paise. */
export const createOrderAnswerSchema = z.object({
  orderid: z.string(),
  /** The order number people read (GS-1043); the dialog shows it on every try. */
  orderNumber: z.string(),
  totalAmount: z.number().int(),
  amount: z.number().int(),
  currency: z.literal(CURRENCY_CODE),
  keyid: z.string(),
  username: z.string(),
  emailaddress: z.string(),
  mobilenumber: z.string(),
  address: z.string(),
});
export type CreateOrderAnswer = z.infer<typeof createOrderAnswerSchema>;

const gatewayId = (message: string, label: string) => requiredText(message, GATEWAY_ID_MAX_LENGTH, label);

export const confirmPaymentSchema = z.strictObject({
  orderid: gatewayId(VALIDATION.orderIdRequired, 'Order id'),
  paymentid: gatewayId(VALIDATION.paymentIdRequired, 'Payment id'),
  paymentsignature: requiredText(VALIDATION.signatureRequired, PAYMENT_SIGNATURE_MAX_LENGTH, 'Payment signature'),
});
export type ConfirmPaymentInput = z.infer<typeof confirmPaymentSchema>;

/** Pay now / Try again: the customer's own unpaid online order, paid on its existing gateway order. */
export const payOrderSchema = z.strictObject({
  orderid: gatewayId(VALIDATION.orderIdRequired, 'Order id'),
});
export type PayOrderInput = z.infer<typeof payOrderSchema>;

export const verifyPaymentSchema = z.strictObject({
  orderid: gatewayId(VALIDATION.orderIdRequired, 'Order id'),
  paymentid: gatewayId(VALIDATION.paymentIdRequired, 'Payment id'),
});
export type VerifyPaymentInput = z.infer<typeof verifyPaymentSchema>;

/** Admin verification form: accepts short or full ids and outputs full ones. */
export const verifyPaymentFormSchema = z.object({
  orderid: gatewayId(VALIDATION.orderIdRequired, 'Order id').transform(withOrderPrefix),
  paymentid: gatewayId(VALIDATION.paymentIdRequired, 'Payment id').transform(withPaymentPrefix),
});
export type VerifyPaymentForm = z.input<typeof verifyPaymentFormSchema>;

export const orderLineSchema = z.object({
  name: z.string(),
  quantity: z.number(),
  itemQty: z.number(),
  finalPrice: z.number(),
});
export type OrderLine = z.infer<typeof orderLineSchema>;

/** An order as returned by /api/order, /api/order/admin and /api/checkout/codorder. */
export const orderSchema = z.object({
  id: idField,
  orderid: z.string(),
  paymentid: z.string(),
  status: orderStatusSchema,
  paymentmode: paymentModeSchema,
  paymentstatus: paymentStatusSchema,
  address: z.string(),
  district: z.string(),
  state: z.string(),
  pincode: z.string(),
  mobilenumber: z.string(),
  totalAmount: z.number(),
  items: z.array(orderLineSchema),
  createdAt: z.string(),
  username: z.string(),
  emailaddress: z.string(),
  note: z.string(),
  receipt: z.string(),
  subtotal: z.number(),
  deliveryFee: z.number(),
  codFee: z.number(),
  discount: z.number(),
  couponCode: z.string().nullable(),
  /** The tax invoice's number once issued (DESIGN.md §7.6); null before. Optional for callers that build orders. */
  invoiceNumber: z.string().nullable().optional(),
  /** A business buyer's GSTIN and name (DESIGN.md §8.7), '' for a consumer. Optional for callers that build orders. */
  gstin: z.string().optional(),
  businessName: z.string().optional(),
  /** Rupees refunded or on their way (failed refunds not counted). The admin list and Your Orders carry it; other answers leave it out. */
  refundedAmount: z.number().optional(),
  /** Rupees of refundedAmount the gateway has processed; the rest is on its way. Carried wherever refundedAmount is. */
  refundProcessedAmount: z.number().optional(),
  /** A refund of the order failed at the gateway and was not retried since. The admin list carries it; other answers leave it out. */
  refundFailed: z.boolean().optional(),
  /** The courier shipment with its scans (DESIGN.md §8.7); null before the order ships. Optional for callers that build orders. */
  shipment: shipmentViewSchema.nullable().optional(),
  /** COD confirmation (DESIGN.md §8.6): PENDING or CONFIRMED, null for orders that need none. Optional for callers that build orders. */
  confirmation: z.enum(CONFIRMATION_STATES).nullable().optional(),
  /** While confirmation is PENDING, when the order is cancelled without an answer (ISO); null otherwise. Optional as confirmation is. */
  confirmBy: z.string().nullable().optional(),
  /** WhatsApp updates asked for at checkout. */
  whatsappOptIn: z.boolean().optional(),
  /** When the order was first delivered (ISO), kept when its status is set back afterwards; null before. Optional for callers that build orders. */
  deliveredAt: z.string().nullable().optional(),
});
export type Order = z.infer<typeof orderSchema>;

// A blank select or search box sends '', which means "no filter", not an invalid value.
const blankAsMissing = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

export const ORDER_SORTS = ['newest', 'oldest'] as const;
export type OrderSort = (typeof ORDER_SORTS)[number];

// Not strict: it is a read, and caches or tools may append query parameters of their own.
export const adminOrdersQuerySchema = z.object({
  status: z.preprocess(blankAsMissing, orderStatusSchema.optional()),
  q: z.preprocess(
    blankAsMissing,
    z.string().trim().max(ORDER_SEARCH_MAX, atMost('The search', ORDER_SEARCH_MAX)).optional(),
  ),
  sort: z.enum(ORDER_SORTS).default('newest'),
  offset: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).default(0),
  limit: z.coerce.number().int().min(1).max(ADMIN_ORDERS_MAX_LIMIT).default(ADMIN_ORDERS_DEFAULT_LIMIT),
  payment: z.literal('pending').optional(),
  /** Only orders with (yes) or without (no) a tax invoice. */
  invoiced: z.preprocess(blankAsMissing, z.enum(['yes', 'no']).optional()),
  /** "COD to confirm": only orders waiting for the customer's confirmation (the other filters do not apply). */
  confirmation: z.preprocess(blankAsMissing, z.literal('PENDING').optional()),
  /** "Refund failed": only orders with a refund the gateway failed and nobody retried yet (the other filters do not apply). */
  refund: z.preprocess(blankAsMissing, z.literal('FAILED').optional()),
});
export type AdminOrdersQuery = z.infer<typeof adminOrdersQuerySchema>;

/** 409 answer when the client's prices or total differ from the catalogue. */
export const priceChangedAnswerSchema = z.object({
  error: z.literal('PRICE_CHANGED'),
  message: z.string(),
  prices: z.array(z.object({ name: z.string(), quantity: z.number(), finalPrice: z.number() })),
  totalAmount: z.number(),
});
export type PriceChangedAnswer = z.infer<typeof priceChangedAnswerSchema>;
