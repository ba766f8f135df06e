// Opens the card payment dialog of whichever gateway the server runs: Razorpay's checkout.js or the
// built-in sandbox's copy of it, which speaks the same API.

export interface PaymentSuccess {
  razorpay_payment_id: string;
  razorpay_order_id: string;
  razorpay_signature: string;
}

export interface PaymentFailure {
  error: { description?: string; reason?: string; code?: string };
}

export interface RazorpayOptions {
  key: string;
  amount: number;
  currency: 'INR';
  order_id: string;
  name: string;
  description?: string;
  image?: string;
  theme: { color: string };
  prefill: { name: string; email: string; contact: string };
  handler: (response: PaymentSuccess) => void;
  modal?: { ondismiss?: () => void; escape?: boolean };
}

interface RazorpayInstance {
  open(): void;
  close?(): void;
  on(event: 'payment.failed', callback: (response: PaymentFailure) => void): void;
}

declare global {
  interface Window {
    Razorpay?: new (options: RazorpayOptions) => RazorpayInstance;
  }
}

const loading = new Map<string, Promise<void>>();

/** Adds the gateway's script once per page; a failed load can be retried. */
export function loadPaymentScript(src: string): Promise<void> {
  if (window.Razorpay) return Promise.resolve();
  const pending = loading.get(src);
  if (pending) return pending;
  const promise = new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.onload = () => (window.Razorpay ? resolve() : reject(new Error('The payment script loaded but did not start.')));
    script.onerror = () => {
      script.remove();
      reject(new Error('The payment page could not be loaded. Check your connection and try again.'));
    };
    document.head.appendChild(script);
  });
  loading.set(src, promise);
  promise.catch(() => loading.delete(src));
  return promise;
}

export type PaymentOutcome =
  | { kind: 'paid'; response: PaymentSuccess }
  | { kind: 'failed'; description: string }
  | { kind: 'dismissed' };

/** Opens the dialog and settles once: paid, failed (with the provider's description) or closed by the customer. */
export function openPaymentDialog(options: Omit<RazorpayOptions, 'handler' | 'modal'>): Promise<PaymentOutcome> {
  const Razorpay = window.Razorpay;
  if (!Razorpay) return Promise.reject(new Error('The payment page is not ready yet. Please try again.'));
  return new Promise<PaymentOutcome>((resolve) => {
    let settled = false;
    const settle = (outcome: PaymentOutcome) => {
      if (settled) return;
      settled = true;
      resolve(outcome);
    };
    const dialog = new Razorpay({
      ...options,
      handler: (response) => settle({ kind: 'paid', response }),
      modal: { ondismiss: () => settle({ kind: 'dismissed' }) },
    });
    dialog.on('payment.failed', (response) => {
      settle({ kind: 'failed', description: response.error?.description ?? 'Payment declined' });
      dialog.close?.();
    });
    dialog.open();
  });
}
