// The shop's policy pages (DESIGN.md §7.2): Markdown the owner edits, seeded with defaults that name the business.
// `{{field}}` stands for a business detail (legalName, addressLine, city, state, pincode, carePhone, careEmail,
// grievanceName, grievanceEmail, grievancePhone, fssai, gstin) and is filled in when the page is shown, so a change of
// address reaches every page.
import { BUSINESS_PLACEHOLDER } from './constants';
import type { Business } from './schemas/business';

export const POLICY_KEYS = ['shipping', 'refunds', 'terms', 'privacy', 'contact'] as const;
export type PolicyKey = (typeof POLICY_KEYS)[number];

export const POLICY_TITLES: Readonly<Record<PolicyKey, string>> = {
  shipping: 'Shipping policy',
  refunds: 'Cancellation & Refunds',
  terms: 'Terms of use',
  privacy: 'Privacy policy',
  contact: 'Contact us',
};

/** What a search result or a shared link says under each page's title (the app's tab says the same). */
export const POLICY_DESCRIPTIONS: Readonly<Record<PolicyKey, string>> = {
  shipping: 'Where and how fast Ghee Shop delivers, what delivery costs, and what to do if a parcel arrives damaged.',
  refunds: 'When a Ghee Shop order can be cancelled, and how and when refunds reach you.',
  terms: 'The terms of buying from Ghee Shop: who runs the shop, prices, orders, payment and delivery.',
  privacy: 'What Ghee Shop collects when you order, why, how long it is kept, and the choices you have.',
  contact: 'Reach Ghee Shop customer care by phone or e-mail, and our grievance officer for complaints.',
};

/**
 * The app's route of each page. The server answers the same paths as crawlable pages (DESIGN.md §7.5, decision
 * 038), so the server's page and the app's screen share one address.
 */
export const POLICY_ROUTES: Readonly<Record<PolicyKey, string>> = {
  shipping: '/policy/shipping',
  refunds: '/policy/refunds',
  terms: '/policy/terms',
  privacy: '/policy/privacy',
  contact: '/contact',
};

export function policyOfRoute(route: string): PolicyKey | undefined {
  return POLICY_KEYS.find((k) => POLICY_ROUTES[k] === route);
}

export type Policies = Record<PolicyKey, string>;

// One paragraph per line: the pages render line breaks as written (the owner's own line breaks are kept), so a
// sentence must not be broken in the source. A business detail sits on a line of its own where it can, because a
// line naming a detail not filled in yet is left out (fillPolicy).
export const DEFAULT_POLICIES: Policies = {
  shipping: `# Shipping policy

We ship across India. Orders are packed within 1–2 working days of being placed and usually reach you in 3–7 working days, depending on your pincode. You will receive an e-mail when your order is ready and again when it is out for delivery; **Your Orders** shows where it is at any time.

Parcels leave from {{city}}, {{state}}.

Delivery charges, if any, are shown on the order summary before you pay. If a parcel arrives damaged, please tell us within 48 hours with a photo, and we will replace it.

Write to {{careEmail}} or call {{carePhone}}.`,
  refunds: `# Cancellation & Refunds

**Cancellation.** You may cancel an order free of charge while it is still *in preparation*, from **Your Orders** or by writing to us with your order number. Once it is ready to ship it can no longer be cancelled.

**Refunds.** Ghee is a food product, so opened jars cannot be returned. If your order arrives damaged, leaking or not as described, tell us within 48 hours of delivery and we will refund or replace it. Refunds go back to the original payment method within 5–7 working days of approval; cash-on-delivery orders are refunded to a bank account or UPI id you give us.

Write to {{careEmail}} or call {{carePhone}}.`,
  terms: `# Terms of use

This shop is run by {{legalName}}, {{addressLine}}, {{city}}, {{state}} {{pincode}}.

By placing an order you agree to these terms, to our Shipping policy and to our Cancellation & Refunds policy.

- Prices include GST. You pay the selling price shown (after any offer), confirmed on the order summary before you pay; the crossed-out MRP is the most the jar may be sold for.
- We may refuse or cancel an order we cannot fulfil; any amount paid is then refunded in full.
- Product pictures are illustrative; the label on the jar is authoritative.
- These terms are governed by the laws of India.
- Courts at {{city}} have jurisdiction.

Questions or complaints: see **Contact us**.`,
  privacy: `# Privacy policy

We collect only what we need to deliver your order: your name, address, phone and e-mail. Payments are handled by our payment gateway; we never see or store card details.

The shop is run by {{legalName}}.

We use your details to process and deliver orders, send order updates and answer you. We do not sell them or share them with anyone except the courier and payment gateway who need them. You may ask us to correct or delete your account.

Write to {{careEmail}}.`,
  contact: `# Contact us

**{{legalName}}**
{{addressLine}}, {{city}}, {{state}} {{pincode}}

Customer care: {{carePhone}}, {{careEmail}}

## Grievance officer

As required by the Consumer Protection (E-Commerce) Rules, 2020:

**{{grievanceName}}**, {{grievanceEmail}}, {{grievancePhone}}

We acknowledge every complaint within 48 hours and resolve it within one month of receiving it.`,
};

const FIELD = /\{\{\s*([a-zA-Z]+)\s*\}\}/g;

/** A business detail not filled in yet: a new installation's placeholder, or empty. */
function unfilled(business: Business, name: string): boolean {
  if (!Object.hasOwn(business, name)) return false;
  const value = String(business[name as keyof Business]).trim();
  return value === '' || value === BUSINESS_PLACEHOLDER;
}

/**
 * A policy with the business details put in place of their `{{field}}`s (unknown names stay as written). A line that
 * names a detail not filled in yet is left out, so customers never read "set me" or an empty gap.
 */
export function fillPolicy(markdown: string, business: Business): string {
  return markdown
    .split('\n')
    .filter((line) => ![...line.matchAll(FIELD)].some((m) => unfilled(business, m[1] ?? '')))
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .replace(FIELD, (whole, name: string) => (Object.hasOwn(business, name) ? String(business[name as keyof Business]) : whole));
}
