import { describe, expect, it } from 'vitest';
import {
  ADMIN_ORDERS_DEFAULT_LIMIT,
  ADMIN_ORDERS_MAX_LIMIT,
  ADMIN_ORDERS_PAGE_SIZE,
  BREAKPOINTS,
  CURRENCY_CODE,
  CURRENCY_SYMBOL,
  DEFAULT_PAYMENT_MODE,
  DEFAULT_ROLE,
  DESCRIPTION_PREVIEW_LENGTH,
  MESSAGE_VISIBLE_MS,
  OFFER_MAX,
  OFFER_MIN,
  ORDER_DRAFT_ID_MAX,
  ORDER_ID_PREFIX,
  PAYMENT_ID_PREFIX,
  PAYMENT_MODE_LABELS,
  PAYMENT_MODES,
  PAYMENT_STATUSES,
  PRODUCT_DESCRIPTION_MAX,
  PRODUCT_IMAGE_WIDTH,
  PRODUCT_NAME_MAX,
  PRODUCT_NAME_MIN,
  QTY_MAX,
  QTY_MIN,
  QUANTITY_UNIT,
  RATING_STAR_MAX,
  RATING_STAR_MIN,
  RECEIPT_NUMBER_MAX,
  REMEMBER_ME_MS,
  RESET_TOKEN_TTL_MS,
  ROLES,
  SESSION_TIMEOUT_MS,
  TEMPLATE_BODY_MAX,
  TEMPLATE_SUBJECT_MAX,
  TEMPLATE_SUBJECT_MIN,
  TEMPLATE_TITLE_MAX,
  TEMPLATE_TITLE_MIN,
  TOAST_AUTO_CLOSE_MS,
  TRANSITION_MS,
  VALIDATION_MESSAGE_VISIBLE_MS,
} from './constants';

describe('constants', () => {
  it('times match SPEC.md §9 and DESIGN.md', () => {
    expect(SESSION_TIMEOUT_MS).toBe(1_200_000);
    expect(REMEMBER_ME_MS).toBe(604_800_000);
    expect(RESET_TOKEN_TTL_MS).toBe(3_600_000);
    expect(MESSAGE_VISIBLE_MS).toBe(10_000);
    expect(VALIDATION_MESSAGE_VISIBLE_MS).toBe(10_000);
    expect(TOAST_AUTO_CLOSE_MS).toBe(5000);
    expect(TRANSITION_MS).toBe(300);
  });

  it('limits match the spec', () => {
    expect(ADMIN_ORDERS_PAGE_SIZE).toBe(5);
    expect(ADMIN_ORDERS_DEFAULT_LIMIT).toBe(1000);
    expect(ADMIN_ORDERS_MAX_LIMIT).toBe(1000);
    expect(DESCRIPTION_PREVIEW_LENGTH).toBe(80);
    expect([QTY_MIN, QTY_MAX]).toEqual([1, 10]);
    expect(ORDER_DRAFT_ID_MAX).toBe(1000);
    expect(RECEIPT_NUMBER_MAX).toBe(1_000_000);
    expect(PRODUCT_IMAGE_WIDTH).toBe(300);
    expect([PRODUCT_NAME_MIN, PRODUCT_NAME_MAX, PRODUCT_DESCRIPTION_MAX]).toEqual([2, 100, 2000]);
    expect([OFFER_MIN, OFFER_MAX, RATING_STAR_MIN, RATING_STAR_MAX]).toEqual([0, 90, 1, 5]);
    expect([TEMPLATE_TITLE_MIN, TEMPLATE_TITLE_MAX]).toEqual([1, 100]);
    expect([TEMPLATE_SUBJECT_MIN, TEMPLATE_SUBJECT_MAX, TEMPLATE_BODY_MAX]).toEqual([1, 200, 10_000]);
  });

  it('currency, units and id prefixes', () => {
    expect(CURRENCY_SYMBOL).toBe('Rs.');
    expect(CURRENCY_CODE).toBe('INR');
    expect(QUANTITY_UNIT).toBe('ml');
    expect(ORDER_ID_PREFIX).toHaveLength(6);
    expect(ORDER_ID_PREFIX).toBe('order_');
    expect(PAYMENT_ID_PREFIX).toHaveLength(4);
    expect(PAYMENT_ID_PREFIX).toBe('pay_');
  });

  it('breakpoints', () => {
    expect(BREAKPOINTS).toEqual({ sm: 576, md: 768, lg: 992, xl: 1200, xxl: 1400 });
  });

  it('roles default to USER', () => {
    expect(ROLES).toEqual({ USER: 'USER', ADMIN: 'ADMIN' });
    expect(DEFAULT_ROLE).toBe('USER');
  });

  it('payment modes, labels and statuses', () => {
    expect(PAYMENT_MODES).toEqual(['ONLINE', 'CASHONDELIVERY']);
    expect(PAYMENT_MODE_LABELS).toEqual({ ONLINE: 'Online', CASHONDELIVERY: 'Cash on Delivery' });
    expect(DEFAULT_PAYMENT_MODE).toBe('ONLINE');
    expect(PAYMENT_STATUSES).toEqual(['PENDING', 'PAID', 'FAILED', 'COD']);
  });
});
