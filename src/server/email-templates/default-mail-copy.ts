import type { OrderStatus } from '../../domain/order-status';

/** Copy for the first start; the shop owner edits all of it in the dashboard. */
export const INITIAL_ORDER_MAIL = {
  subject: 'Thank you for your order {{orderNumber}}',
  body: [
    'Namaste {{customerName}},',
    '',
    'Thank you for ordering from Ghee Shop. We have received your order {{orderNumber}} ({{receipt}}).',
    '',
    '{{items}}',
    '',
    'Total: {{totalAmount}}',
    'Delivering to: {{address}}, {{district}}, {{state}} {{pincode}}',
    '',
    'We will write again when it is on its way.',
    'With warmth, the Ghee Shop family',
  ].join('\n'),
};

export const DEFAULT_STATUS_TEMPLATES: Record<OrderStatus, { title: string; subject: string; body: string }> = {
  PREPARATION: {
    title: 'Order in preparation',
    subject: 'Your order {{orderNumber}} is being prepared',
    body: 'Namaste {{customerName}},\n\nYour order {{orderNumber}} is being prepared in our kitchen.\n\n{{items}}\n\nTotal: {{totalAmount}}\n\nThe Ghee Shop family',
  },
  READY: {
    title: 'Order ready',
    subject: 'Your order {{orderNumber}} is packed and ready',
    body: 'Namaste {{customerName}},\n\nYour order {{orderNumber}} is packed and ready to leave.\n\nThe Ghee Shop family',
  },
  OUTFORDELIVERY: {
    title: 'Out for delivery',
    subject: 'Your order {{orderNumber}} is out for delivery',
    body: 'Namaste {{customerName}},\n\nYour order {{orderNumber}} is on its way to {{address}}, {{district}} {{pincode}}.\nPlease keep {{mobileNumber}} reachable.\n\nThe Ghee Shop family',
  },
  DELIVERED: {
    title: 'Delivered',
    subject: 'Your order {{orderNumber}} was delivered',
    body: 'Namaste {{customerName}},\n\nYour order {{orderNumber}} has been delivered. We hope you enjoy every spoonful.\n\nThe Ghee Shop family',
  },  CANCELLED: {
    title: 'Order cancelled',
    subject: 'Your order {{orderNumber}} was cancelled',
    body: 'Namaste {{customerName}},\n\nYour order {{orderNumber}} ({{receipt}}) was cancelled.\n\n{{items}}\n\nIf you paid online, the full {{totalAmount}} is on its way back to your card or account; banks take 5-7 working days to show it.\n\nThe Ghee Shop family',
  },
  RETURNED: {
    title: 'Order returned to us',
    subject: 'Your order {{orderNumber}} came back to us',
    body: 'Namaste {{customerName}},\n\nThe courier could not deliver your order {{orderNumber}} ({{receipt}}) and has returned it to us.\n\n{{items}}\n\nIf you paid online, we will refund your payment to your card or account and write to you when the refund is on its way. A cash-on-delivery order costs you nothing.\n\nA returned parcel is not sent again: if you would still like your ghee, please place a new order.\n\nThe Ghee Shop family',
  },
};
