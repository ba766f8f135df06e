import type { PaymentGateway } from './gateway';

/**
 * Stands in when online payment is off (no Razorpay keys on a public shop): it creates nothing and recognises no
 * signature, so no confirmation, webhook or reconciliation can mark anything paid. Checkout refuses online orders
 * before they reach it.
 */
export function createDisabledGateway(): PaymentGateway {
  return {
    name: 'off',
    keyId: '',
    testMode: false,
    scriptUrl: '',
    async createOrder() {
      throw new Error('online payment is off; checkout must refuse online orders before creating one');
    },
    async verifyPaymentSignature() {
      return false;
    },
    async verifyWebhookSignature() {
      return false;
    },
    async fetchPayment() {
      return null;
    },
    async fetchOrderPayments() {
      return [];
    },
    // Payments taken while Razorpay was configured can only be refunded with its keys back in place.
    async refund() {
      throw new Error('online payment is off: set RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET to refund a payment');
    },
    async fetchRefunds() {
      return [];
    },
  };
}
