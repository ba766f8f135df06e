// Business constants from SPEC.md §9 and DESIGN.md. Browser and server read the same values, so a
// limit changed here changes the form, the API check and the database rule together.

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

// Sessions and timers
export const SESSION_TIMEOUT_MS = 20 * MINUTE_MS;
export const REMEMBER_ME_MS = 7 * DAY_MS;
export const RESET_TOKEN_TTL_MS = HOUR_MS;
export const MESSAGE_VISIBLE_MS = 10_000;
export const VALIDATION_MESSAGE_VISIBLE_MS = MESSAGE_VISIBLE_MS;
export const TOAST_AUTO_CLOSE_MS = 5000;
export const TOAST_POSITION = 'top-right';

// Admin order list
export const ADMIN_ORDERS_PAGE_SIZE = 5;
// The original client asks without a limit and pages in the browser (DESIGN.md §7.4); the own app always sends one.
export const ADMIN_ORDERS_DEFAULT_LIMIT = 1000;
export const ADMIN_ORDERS_MAX_LIMIT = ADMIN_ORDERS_DEFAULT_LIMIT;
export const ORDER_SEARCH_MAX = 100;

// Display
export const DESCRIPTION_PREVIEW_LENGTH = 80;
export const CURRENCY_SYMBOL = 'Rs.';
export const CURRENCY_CODE = 'INR';
export const QUANTITY_UNIT = 'ml';
export const PAISE_PER_RUPEE = 100;
// Admins and customers read times in the shop's own time zone, wherever the server runs.
export const SHOP_TIME_ZONE = 'Asia/Kolkata';
export const PRODUCT_IMAGE_WIDTH = 300;
export const PRODUCT_THUMBNAIL_SIZE = 300;
export const BREAKPOINTS = { sm: 576, md: 768, lg: 992, xl: 1200, xxl: 1400 } as const;
export const TRANSITION_MS = 300;

// Home page carousels (SPEC.md §9); undefined interval = the carousel's default.
export const TOP_CAROUSEL_INTERVALS_MS = [1000, 500, undefined] as const;
export const IMAGE_CAROUSEL = {
  slides: 5,
  slidesPerView: 4,
  coverflow: { rotate: 50, stretch: -100, depth: 100 },
  loop: true,
  autoplayDelayMs: 3000,
  disableOnInteraction: false,
  pagination: true,
} as const;

// Cart quantity stepper: DESIGN.md enforces 1..10 everywhere, server included.
export const QTY_MIN = 1;
export const QTY_MAX = 10;

// Ids
export const ORDER_ID_PREFIX = 'order_';
// The number people read and say (GS-1043): the order's row id past an offset, so the first orders
// already have four digits and do not look like a quantity.
export const ORDER_NUMBER_PREFIX = 'GS-';
export const ORDER_NUMBER_OFFSET = 1000;
export const PAYMENT_ID_PREFIX = 'pay_';
export const RECEIPT_PREFIX = 'Receipt-';
export const ORDER_DRAFT_ID_MAX = 1000;
export const RECEIPT_NUMBER_MAX = 1_000_000;
export const RECEIPT_MAX_LENGTH = 64;
export const GATEWAY_ID_MAX_LENGTH = 100;
export const PAYMENT_SIGNATURE_MAX_LENGTH = 200;
export const RESET_TOKEN_MAX_LENGTH = 200;

// Roles
export const ROLES = { USER: 'USER', ADMIN: 'ADMIN' } as const;
export type Role = (typeof ROLES)[keyof typeof ROLES];
export const ROLE_VALUES = [ROLES.USER, ROLES.ADMIN] as const;
export const DEFAULT_ROLE: Role = ROLES.USER;

// Payments
export const PAYMENT_MODES = ['ONLINE', 'CASHONDELIVERY'] as const;
export type PaymentMode = (typeof PAYMENT_MODES)[number];
export const PAYMENT_MODE_LABELS: Readonly<Record<PaymentMode, string>> = {
  ONLINE: 'Online',
  CASHONDELIVERY: 'Cash on Delivery',
};
export const DEFAULT_PAYMENT_MODE: PaymentMode = 'ONLINE';
export const PAYMENT_STATUSES = ['PENDING', 'PAID', 'FAILED', 'COD'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

// Account fields
export const EMAIL_MAX = 254;
// New passwords (DESIGN.md §8.8: SPEC's 6 raised to 8, as NIST SP 800-63B advises); sign-in takes any existing one.
export const PASSWORD_MIN = 8;
// Caps the work a single login can make the password hasher do.
export const PASSWORD_MAX = 128;
export const MOBILE_DIGITS = 10;
export const NAME_MAX = 100;
export const ADDRESS_MAX = 200;
export const REGION_MAX = 100;

// Orders
export const ORDER_ITEMS_MAX = 50;
export const ORDER_NOTE_MAX = 500;
export const ORDER_ITEM_NAME_MAX = 100;

// Products (admin studio)
export const PRODUCT_NAME_MIN = 2;
export const PRODUCT_NAME_MAX = 100;
export const PRODUCT_DESCRIPTION_MAX = 2000;
export const OFFER_MIN = 0;
export const OFFER_MAX = 90;
export const RATING_STAR_MIN = 1;
export const RATING_STAR_MAX = 5;
export const PRODUCT_SIZES_MAX = 10;
export const PRODUCT_IMAGES_MAX = 10;
export const PRODUCT_IMAGE_URL_MAX = 500;
// Upper bounds keep order totals far inside safe integers (50 lines x 10 x price).
export const PRICE_MAX = 1_000_000;
export const SIZE_MAX_ML = 100_000;

// E-mail templates and settings
export const TEMPLATE_TITLE_MIN = 1;
export const TEMPLATE_TITLE_MAX = 100;
export const TEMPLATE_SUBJECT_MIN = 1;
export const TEMPLATE_SUBJECT_MAX = 200;
export const TEMPLATE_BODY_MAX = 10_000;
export const SETTINGS_SUBJECT_MAX = TEMPLATE_SUBJECT_MAX;
export const SETTINGS_BODY_MAX = TEMPLATE_BODY_MAX;

// Business details
// What a freshly installed shop shows until the owner fills its details in. Here, not beside the details' schema,
// so the product page's label declarations can test for it without loading the schema (and zod) with the page.
export const BUSINESS_PLACEHOLDER = 'set me';
