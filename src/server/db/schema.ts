import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { PaymentMode, PaymentStatus } from '../../domain/constants';
import type { OrderStatus } from '../../domain/order-status';

/**
 * Column types shared by SQLite and PostgreSQL. Booleans are stored as 0/1 integers and timestamps as
 * ISO-8601 UTC text so that one set of queries runs unchanged on both databases; ISO text sorts in time order.
 */
export type Flag = number;
export type IsoTime = string;

export interface UsersTable {
  id: Generated<number>;
  email: string;
  username: string;
  mobilenumber: string;
  address: string;
  pincode: string;
  district: string;
  state: string;
  password_hash: string | null;
  /** When the password was last set on an existing account (kept for the record; sessions end tokens now). */
  password_changed_at: IsoTime | null;
  /** Bumped by triggers whenever one of the user's orders is written (migration 0009-orders-version). */
  orders_version: Generated<number>;
  created_at: IsoTime;
  updated_at: IsoTime;
  /** The profile's WhatsApp choice (migration 0031); a STOP reply clears it. */
  whatsapp_opt_in: Generated<Flag>;
}

/** A signed-in device: the token names it, and the account reads as signed out there once `ended_at` is set. */
export interface SessionsTable {
  id: string;
  user_id: number;
  created_at: IsoTime;
  expires_at: IsoTime;
  last_seen_at: IsoTime;
  ended_at: IsoTime | null;
  user_agent: string;
}

export interface UserRolesTable {
  user_id: number;
  role: string;
}

export interface ProductsTable {
  id: Generated<number>;
  name: string;
  description: string;
  offerpercentage: number;
  instock: Flag;
  /** Published reviews: their count, average (one decimal, 0 for none) and count per star, kept by reviews/. */
  ratings: number;
  rating_star: number;
  stars_1: Generated<number>;
  stars_2: Generated<number>;
  stars_3: Generated<number>;
  stars_4: Generated<number>;
  stars_5: Generated<number>;
  /** When a published review of it (or a reply to one) last changed (migration 0028); null: never. */
  reviews_updated_at: ColumnType<string | null, string | null | undefined, string | null>;
  default_size: number;
  position: number;
  /** Its crawlable page is /products/{slug}; unique (migration 0011-product-slugs), set by catalog/product-slugs.ts. */
  slug: Generated<string>;
  /** Tax and label facts (migration 0015): HSN code, GST rate in percent, best-before months, country of origin. */
  hsn: Generated<string>;
  gst_rate: Generated<number>;
  best_before_months: Generated<number>;
  country_of_origin: Generated<string>;
  /** The food label (migration 0027): texts, 'VEG' or 'NONVEG', and nutrition per 100 g as JSON (null: not declared). */
  ingredients: Generated<string>;
  allergens: Generated<string>;
  veg_mark: Generated<string>;
  nutrition: ColumnType<string | null, string | null | undefined, string | null>;
  storage: Generated<string>;
  created_at: IsoTime;
  updated_at: IsoTime;
}

/** Slugs a product had before a rename: their pages answer 301 to its page now. */
export interface ProductOldSlugsTable {
  slug: string;
  product_id: number;
  created_at: IsoTime;
}

export interface ProductSizesTable {
  product_id: number;
  size_ml: number;
  price: number;
  position: number;
  /** Packed weight in grams (migration 0030), seeded from the size; 0 for a size added since, read as the size's rule. */
  weight_grams: Generated<number>;
}

export interface ImagesTable {
  hash: string;
  mime: string;
  width: number;
  height: number;
  created_at: IsoTime;
}

export interface ImageVariantsTable {
  hash: string;
  variant: string;
  width: number;
  height: number;
  bytes: number;
  data: Buffer;
}

export interface ProductImagesTable {
  product_id: number;
  image_hash: string;
  position: number;
}

/** A size's own picture, one of the product's photos (migration 0024-size-pictures); no row = none. */
export interface ProductSizeImagesTable {
  product_id: number;
  size_ml: number;
  image_hash: string;
}

export interface OrdersTable {
  id: Generated<number>;
  orderid: string;
  user_id: number;
  receipt: string;
  username: string;
  emailaddress: string;
  mobilenumber: string;
  address: string;
  pincode: string;
  district: string;
  state: string;
  note: string;
  total_amount: number;
  paymentmode: PaymentMode;
  payment_status: PaymentStatus;
  paymentid: string;
  status: OrderStatus;
  gateway_order_id: string | null;
  verified_at: IsoTime | null;
  paid_at: IsoTime | null;
  client_created_at: string | null;
  /** Set once, when the tax invoice is issued (migration 0016). */
  invoice_number: Generated<string | null>;
  created_at: IsoTime;
  updated_at: IsoTime;
  /** Charges besides the lines (migration 0022); total_amount = subtotal + delivery_fee + cod_fee − discount. */
  subtotal: Generated<number>;
  delivery_fee: Generated<number>;
  cod_fee: Generated<number>;
  discount: Generated<number>;
  coupon_code: string | null;
  /** When the order's bottles went back to stock (unpaid hold expired, cancelled); null while it holds them. */
  stock_returned_at: ColumnType<IsoTime | null, IsoTime | null | undefined, IsoTime | null>;
  /** Set when the order is cancelled (migration 0019-cancellation); `cancelled_by` is CUSTOMER or ADMIN. */
  cancel_reason: ColumnType<string | null, string | null | undefined, string | null>;
  cancelled_at: ColumnType<IsoTime | null, IsoTime | null | undefined, IsoTime | null>;
  cancelled_by: ColumnType<string | null, string | null | undefined, string | null>;
  /** Rupees refunded or on their way (migration 0020-refunds); never above total_amount. */
  refunded_amount: Generated<number>;
  /** Rupees of refunded_amount the gateway has processed (migration 0035); the rest is on its way. */
  refund_processed_amount: Generated<number>;
  /** A business buyer's GSTIN and name (migration 0027), '' for a consumer; printed on the invoice as the recipient's. */
  gstin: Generated<string>;
  business_name: Generated<string>;
  /** WhatsApp updates asked for at checkout (migration 0031). */
  whatsapp_opt_in: Generated<Flag>;
  /** COD confirmation: PENDING or CONFIRMED while it matters, else null; `confirm_by` ends the wait. */
  confirmation: ColumnType<string | null, string | null | undefined, string | null>;
  confirm_by: ColumnType<IsoTime | null, IsoTime | null | undefined, IsoTime | null>;
  /** How a confirmation ended: CONFIRMED (by the customer), CONFIRMED_BY_SHOP (migration 0040), CANCELLED (by `cancelled_by`) or EXPIRED. */
  confirmation_result: ColumnType<string | null, string | null | undefined, string | null>;
  /** When the order was first delivered (migration 0039); kept when an admin sets another status afterwards. */
  delivered_at: ColumnType<IsoTime | null, IsoTime | null | undefined, IsoTime | null>;
}

/**
 * Orders per month of created_at ('YYYY-MM'), payment mode, payment status and order status, kept by triggers
 * (migrations 0009); sum the stripes.
 */
export interface OrderCountsTable {
  month: string;
  paymentmode: string;
  payment_status: string;
  status: string;
  stripe: number;
  n: number;
}

/** Orders per lower-cased customer name and payment mode, payment status and status (PostgreSQL: per stripe too). */
export interface OrderNamesTable {
  name_key: string;
  paymentmode: string;
  payment_status: string;
  status: string;
  n: number;
}

/** SQLite only: FTS5 trigram index of the short order id and the customer name; rowid is orders.id. */
export interface OrderSearchTable {
  rowid: number;
  shortid: string;
  username: string;
}

export interface OrderLinesTable {
  id: Generated<number>;
  order_id: number;
  position: number;
  product_id: number | null;
  name: string;
  size_ml: number;
  unit_price: number;
  item_qty: number;
  line_total: number;
  /** 1 when placing the order took this line's bottles from a tracked size (migration 0018-stock). */
  stock_taken: Generated<Flag>;
}

export interface PaymentsTable {
  id: Generated<number>;
  order_id: number;
  gateway_payment_id: string;
  gateway_order_id: string;
  status: string;
  amount: number;
  error_description: string | null;
  source: string;
  created_at: IsoTime;
  updated_at: IsoTime;
}

export interface GatewayEventsTable {
  id: Generated<number>;
  event_id: string;
  event_type: string;
  payload: string;
  received_at: IsoTime;
}

export interface SandboxOrdersTable {
  id: string;
  amount: number;
  currency: string;
  receipt: string;
  status: string;
  created_at: IsoTime;
}

export interface SandboxPaymentsTable {
  id: string;
  order_id: string;
  amount: number;
  status: string;
  error_description: string | null;
  created_at: IsoTime;
  card_last4: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface SandboxRefundsTable {
  id: string;
  payment_id: string;
  /** Paise. */
  amount: number;
  /** JSON of the notes the refund was asked with. */
  notes: string;
  fails: Flag;
  created_at: IsoTime;
}

/** A refund of an order (migration 0020-refunds): CREATED before the gateway call, then PENDING, PROCESSED or FAILED. */
export interface RefundsTable {
  id: string;
  order_id: number;
  payment_id: string;
  gateway_refund_id: string | null;
  /** Rupees. */
  amount: number;
  reason: string;
  status: string;
  error: string | null;
  actor_user_id: number | null;
  created_at: IsoTime;
  updated_at: IsoTime;
  /** 1 when it gives back a payment that paid nothing (migration 0034): not part of the order's refunded_amount. */
  stray_payment: Generated<Flag>;
  /**
   * A failed refund paid back outside the gateway (migration 0037): how (SETTLEMENT_METHODS), the payment's reference,
   * the owner's note, when and by whom; null otherwise. Such a row is PROCESSED.
   */
  settled_method: ColumnType<string | null, string | null | undefined, string | null>;
  settled_reference: ColumnType<string | null, string | null | undefined, string | null>;
  settled_note: ColumnType<string | null, string | null | undefined, string | null>;
  settled_at: ColumnType<IsoTime | null, IsoTime | null | undefined, IsoTime | null>;
  settled_by: ColumnType<number | null, number | null | undefined, number | null>;
  /** When the gateway reported a settled refund processed after all (the customer may have been paid twice). */
  gateway_also_paid_at: ColumnType<IsoTime | null, IsoTime | null | undefined, IsoTime | null>;
  /** Which ask of the gateway is live: 1, then one more for each retry (migration 0038). */
  attempt: Generated<number>;
}

export interface PasswordResetTokensTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  expires_at: IsoTime;
  used_at: IsoTime | null;
  created_at: IsoTime;
}

/** An e-mail change waiting for its confirmation link; `used_at` is set when confirmed or cancelled. */
export interface EmailChangesTable {
  token_hash: string;
  user_id: number;
  old_email: string;
  new_email: string;
  created_at: IsoTime;
  expires_at: IsoTime;
  used_at: IsoTime | null;
}

export interface EmailTemplatesTable {
  id: Generated<number>;
  title: string;
  subject: string;
  body: string;
  status: OrderStatus;
  isdefault: Flag;
  created_at: IsoTime;
  updated_at: IsoTime;
}

export interface SettingsTable {
  id: number;
  emailsetting: Flag;
  customeremail: Flag;
  intialsubject: string;
  intialbody: string;
  updated_at: IsoTime;
  /** A size whose stock falls to this or below queues one mail to the shop (migration 0018-stock). */
  low_stock_threshold: Generated<number>;
  /** Reviews wait for the owner before they show (migration 0028). */
  reviews_need_approval: Generated<Flag>;
  /** Days after delivery the review-request mail goes. */
  review_request_days: Generated<number>;
  /** New COD orders wait for the customer's confirmation (migration 0031), for this many hours. */
  cod_confirmation: Generated<Flag>;
  cod_confirm_hours: Generated<number>;
}

/** A WhatsApp message to send or sent (migration 0031): QUEUED, SENDING, SENT, DELIVERED, READ or FAILED. */
export interface MessageOutboxTable {
  id: Generated<number>;
  order_id: number;
  orderid: string;
  kind: string;
  to_number: string;
  /** JSON list of the template's body values, in order. */
  params: string;
  idempotency_key: string;
  status: string;
  attempts: Generated<number>;
  next_attempt_at: IsoTime;
  locked_until: IsoTime | null;
  last_error: string | null;
  provider_id: string | null;
  /** The template name it was sent with (set when sent). */
  template: string | null;
  created_at: IsoTime;
  updated_at: IsoTime;
}

/** The WhatsApp template name and language of each message kind (Settings → Messages). */
export interface MessageTemplatesTable {
  kind: string;
  name: string;
  language: string;
}

export interface MailOutboxTable {
  id: Generated<number>;
  kind: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  /** JSON list of files to make and attach when sending (mail/attachments.ts); null = none (migration 0025). */
  attachments: ColumnType<string | null, string | null | undefined, string | null>;
  status: string;
  attempts: number;
  next_attempt_at: IsoTime;
  locked_until: IsoTime | null;
  last_error: string | null;
  created_at: IsoTime;
  sent_at: IsoTime | null;
}

/** A tracked size's bottles on the shelf; no row = not tracked (migration 0018-stock). */
export interface StockLevelsTable {
  product_id: number;
  size_ml: number;
  stock: number;
  updated_at: IsoTime;
}

export interface AuditLogTable {
  id: Generated<number>;
  actor_user_id: number | null;
  action: string;
  target: string;
  details: string;
  created_at: IsoTime;
}

/** The one row (id 1) of the seller's details (DESIGN.md §7.2), "set me" until the owner fills them. */
export interface BusinessDetailsTable {
  id: number;
  legal_name: string;
  address_line: string;
  city: string;
  state: string;
  pincode: string;
  /** Empty when the shop is not GST-registered. */
  gstin: string;
  fssai: string;
  care_phone: string;
  care_email: string;
  grievance_name: string;
  grievance_email: string;
  grievance_phone: string;
  /** Printed over "Authorised signatory" (migration 0027); '' leaves the line blank. */
  signatory_name: Generated<string>;
  signatory_title: Generated<string>;
  updated_at: IsoTime;
}

/** Last number given per document series (GS invoices, CN credit notes) and financial year. */
export interface DocumentSeriesTable {
  series: string;
  financial_year: string;
  last_number: number;
}

export interface InvoicesTable {
  number: string;
  order_id: number;
  issued_at: IsoTime;
  total_paise: number;
  /** The whole document as issued (JSON of domain/india/invoice-document's InvoiceDocument). */
  document: string;
}

export interface CreditNotesTable {
  number: string;
  order_id: number;
  invoice_number: string;
  issued_at: IsoTime;
  amount_paise: number;
  reason: string;
  document: string;
  /** The refund issued with it (migration 0032); null for notes older than that or issued without a refund. */
  refund_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** Set when its refund failed at the gateway: the note keeps its number, shows voided and credits nothing. */
  voided_at: ColumnType<string | null, string | null | undefined, string | null>;
  void_reason: ColumnType<string | null, string | null | undefined, string | null>;
}

/**
 * The PDF of an invoice or credit note as first printed (migration 0027), signed when the server had a certificate
 * then: every later print sends these bytes (docs/decisions/055).
 */
export interface DocumentPdfsTable {
  /** The document's number; `<number> voided` for a voided credit note's VOID print, kept beside its first print. */
  number: string;
  pdf: Buffer;
  signed: Flag;
  printed_at: IsoTime;
}

/** The shop's profile (migration 0029), one row, id 1; '' for a contact the owner has not set. */
export interface ShopProfileTable {
  id: number;
  shop_name: string;
  tagline: string;
  description: string;
  whatsapp_number: string;
  instagram_url: string;
  facebook_url: string;
  updated_at: IsoTime;
}

/** Policy pages an admin edited (migration 0017); the others show their defaults (domain/policies.ts). */
export interface PoliciesTable {
  key: string;
  body: string;
  updated_at: IsoTime;
}

/** Small key/value facts about the installation, such as whether the catalogue was ever seeded. */
export interface AppMetaTable {
  key: string;
  value: string;
}

/** The one row of delivery rules (migration 0021); lists are JSON arrays of pincodes or prefixes. */
export interface DeliverySettingsTable {
  id: number;
  pincodes_allowed: string;
  pincodes_blocked: string;
  delivery_fee: number;
  free_delivery_from: number | null;
  estimate_min_days: number;
  estimate_max_days: number;
  cod_enabled: Flag;
  cod_max_order_value: number | null;
  cod_fee: number;
  cod_blocked: string;
  updated_at: IsoTime;
}

/** Discount codes (migration 0023), stored in upper case; `used` counts live claims. */
export interface CouponsTable {
  code: string;
  kind: string;
  value: number;
  min_order: number;
  max_discount: number | null;
  valid_from: IsoTime | null;
  valid_to: IsoTime | null;
  total_uses: number | null;
  per_customer: number | null;
  first_order_only: Flag;
  active: Flag;
  used: Generated<number>;
  created_at: IsoTime;
  updated_at: IsoTime;
}

export interface CouponCustomerUsesTable {
  code: string;
  user_id: number;
  used: number;
}

/** Limits on placing orders (migration 0032, DESIGN.md §8.8), one row, id 1; 0 turns a limit off. */
export interface OrderLimitsTable {
  id: number;
  per_account_per_hour: number;
  per_ip_per_hour: number;
  unpaid_online_per_account: number;
  held_bottles_per_account: number;
  open_cod_new_account: number;
  updated_at: IsoTime;
}

/** The bottles a refund by lines refunded (migration 0032); a FAILED refund's lines no longer count. */
export interface RefundLinesTable {
  refund_id: string;
  order_line_id: number;
  qty: number;
  restocked: Flag;
}

/** The order that used a first-order-only code for its customer (migration 0032): one per customer, ever. */
export interface FirstOrderClaimsTable {
  user_id: number;
  order_id: number;
  created_at: IsoTime;
}

/** One row per order that claimed a code; released_at once the use was given back. */
export interface CouponUsesTable {
  order_id: number;
  code: string;
  user_id: number;
  created_at: IsoTime;
  released_at: IsoTime | null;
}

/** A limited attempt's count within its window (limits/counter-repository.ts); reset_at is epoch milliseconds. */
export interface AttemptCountersTable {
  key: string;
  count: number;
  reset_at: number;
}

/** One courier shipment per order (migration 0030); `provider` is sandbox, shiprocket or manual. */
export interface ShipmentsTable {
  id: Generated<number>;
  order_id: number;
  mode: string;
  provider: string;
  courier: string;
  /** Null while a courier booking is under way (the row is written before the courier is asked). */
  awb: string | null;
  tracking_url: string;
  /** BOOKING, BOOKED, CANCELLED or the furthest scan (domain/shipping.ts). */
  status: string;
  provider_order_id: string | null;
  provider_shipment_id: string | null;
  weight_grams: number;
  /** 1 for the order's first booking, one more for each booking made again after a cancel before pickup. */
  attempt: Generated<number>;
  pickup_scheduled_at: IsoTime | null;
  /** When the courier last told anything; shipments without news for a day are polled. */
  last_news_at: IsoTime;
  created_at: IsoTime;
  updated_at: IsoTime;
}

/** A courier's scan of a shipment, kept once per (shipment, scan_key). */
export interface ShipmentEventsTable {
  id: Generated<number>;
  shipment_id: number;
  scan_key: string;
  status: string;
  at: string;
  location: string;
  created_at: IsoTime;
}

export interface Database {
  app_meta: AppMetaTable;
  users: UsersTable;
  user_roles: UserRolesTable;
  sessions: SessionsTable;
  products: ProductsTable;
  product_sizes: ProductSizesTable;
  product_old_slugs: ProductOldSlugsTable;
  images: ImagesTable;
  image_variants: ImageVariantsTable;
  product_images: ProductImagesTable;
  product_size_images: ProductSizeImagesTable;
  orders: OrdersTable;
  shipments: ShipmentsTable;
  shipment_events: ShipmentEventsTable;
  order_lines: OrderLinesTable;
  order_counts: OrderCountsTable;
  order_names: OrderNamesTable;
  order_search: OrderSearchTable;
  payments: PaymentsTable;
  gateway_events: GatewayEventsTable;
  sandbox_orders: SandboxOrdersTable;
  sandbox_payments: SandboxPaymentsTable;
  password_reset_tokens: PasswordResetTokensTable;
  email_changes: EmailChangesTable;
  email_templates: EmailTemplatesTable;
  settings: SettingsTable;
  mail_outbox: MailOutboxTable;
  audit_log: AuditLogTable;
  delivery_settings: DeliverySettingsTable;
  coupons: CouponsTable;
  coupon_customer_uses: CouponCustomerUsesTable;
  coupon_uses: CouponUsesTable;
  first_order_claims: FirstOrderClaimsTable;
  order_limits: OrderLimitsTable;
  refund_lines: RefundLinesTable;
  business_details: BusinessDetailsTable;
  document_series: DocumentSeriesTable;
  invoices: InvoicesTable;
  credit_notes: CreditNotesTable;
  document_pdfs: DocumentPdfsTable;
  policies: PoliciesTable;
  stock_levels: StockLevelsTable;
  refunds: RefundsTable;
  sandbox_refunds: SandboxRefundsTable;
  attempt_counters: AttemptCountersTable;
  shop_profile: ShopProfileTable;
  reviews: ReviewsTable;
  review_requests: ReviewRequestsTable;
  message_outbox: MessageOutboxTable;
  message_templates: MessageTemplatesTable;
}

/** A customer's review of a product they received (migration 0028): PENDING, PUBLISHED or HIDDEN. */
export interface ReviewsTable {
  id: Generated<number>;
  product_id: number;
  user_id: number;
  order_id: number;
  rating: number;
  title: string;
  body: string;
  author: string;
  status: string;
  hidden_reason: string | null;
  reply: string | null;
  reply_at: IsoTime | null;
  created_at: IsoTime;
  updated_at: IsoTime;
}

/** An order whose customer was asked for a review (once per order). */
export interface ReviewRequestsTable {
  order_id: number;
  sent_at: IsoTime;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type ProductRow = Selectable<ProductsTable>;
export type OrderRow = Selectable<OrdersTable>;
export type NewOrder = Insertable<OrdersTable>;
export type OrderLineRow = Selectable<OrderLinesTable>;
export type RefundRow = Selectable<RefundsTable>;
export type EmailTemplateRow = Selectable<EmailTemplatesTable>;
export type SettingsRow = Selectable<SettingsTable>;
export type MailRow = Selectable<MailOutboxTable>;
