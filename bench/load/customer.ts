// One virtual customer of the load benchmark: browse → cart → checkout, again and again until the deadline,
// alternating cash on delivery and online payment through the sandbox's pay call (as its dialog makes it).
import type { Product } from '../../src/domain/schemas/product';
import { SANDBOX_KEY_ID } from '../../src/server/payments/sandbox/sandbox-gateway';
import { TEST_CARD, call, checkoutBody, fillCart, type Answer, type Customer } from '../../tests/faults/shop-client';

export type Step = 'catalogue' | 'config' | 'codorder' | 'createorder' | 'pay' | 'updateorder' | 'orders';

export interface Tally {
  requests: number;
  byStatus: Map<number, number>;
  /** Requests that got no HTTP answer at all (connection refused, reset, timeout). */
  networkErrors: number;
  latencies: Map<Step, number[]>;
  /** Everything a 2xx acknowledged: the order id and whether the customer was told it is paid. */
  acknowledged: { orderid: string; receipt: string; email: string; mode: 'COD' | 'ONLINE'; paid: boolean; totalAmount: number }[];
  /** Unexpected 4xx answers, kept for the report. */
  refusals: string[];
}

export function newTally(): Tally {
  return { requests: 0, byStatus: new Map(), networkErrors: 0, latencies: new Map(), acknowledged: [], refusals: [] };
}

async function timed<T>(tally: Tally, step: Step, request: () => Promise<Answer<T>>): Promise<Answer<T> | undefined> {
  const started = performance.now();
  tally.requests += 1;
  try {
    const res = await request();
    const list = tally.latencies.get(step) ?? [];
    list.push(performance.now() - started);
    tally.latencies.set(step, list);
    tally.byStatus.set(res.status, (tally.byStatus.get(res.status) ?? 0) + 1);
    if (res.status >= 400 && res.status < 500 && tally.refusals.length < 20) tally.refusals.push(`${step} ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
    return res;
  } catch {
    tally.networkErrors += 1;
    return undefined;
  }
}

export async function shopUntil(base: string, customer: Customer, index: number, deadline: number, tally: Tally): Promise<void> {
  for (let round = 0; Date.now() < deadline; round += 1) {
    const seed = index * 7919 + round;
    const catalogue = await timed<Product[]>(tally, 'catalogue', () => call(base, 'GET', '/api/public/product'));
    if (catalogue?.status !== 200) continue;
    await timed(tally, 'config', () => call(base, 'GET', '/api/checkout/config'));
    const lines = fillCart(catalogue.body, seed);
    const receipt = `Receipt-load-${index}-${round}`;
    const online = (index + round) % 2 === 1;
    if (!online) {
      const placed = await timed<{ orderid: string; totalAmount: number }>(tally, 'codorder', () =>
        call(base, 'POST', '/api/checkout/codorder', { token: customer.token, body: checkoutBody(customer, lines, 'CASHONDELIVERY', receipt) }),
      );
      if (placed?.status === 200) {
        tally.acknowledged.push({ orderid: placed.body.orderid, receipt, email: customer.email, mode: 'COD', paid: false, totalAmount: placed.body.totalAmount });
      }
    } else {
      const created = await timed<{ orderid: string; totalAmount: number }>(tally, 'createorder', () =>
        call(base, 'POST', '/api/checkout/createorder', { token: customer.token, body: checkoutBody(customer, lines, 'ONLINE', receipt) }),
      );
      if (created?.status === 200) {
        const entry = { orderid: created.body.orderid, receipt, email: customer.email, mode: 'ONLINE' as const, paid: false, totalAmount: created.body.totalAmount };
        tally.acknowledged.push(entry);
        // What the sandbox dialog does on "Pay": the card payment, then the page's handler confirms it.
        const pay = await timed<{ razorpay_payment_id: string; razorpay_order_id: string; razorpay_signature: string }>(tally, 'pay', () =>
          call(base, 'POST', '/sandbox/pay', { body: { order_id: created.body.orderid, key_id: SANDBOX_KEY_ID, card: TEST_CARD } }),
        );
        if (pay?.status === 200) {
          const confirm = await timed(tally, 'updateorder', () =>
            call(base, 'PUT', '/api/checkout/updateorder', {
              token: customer.token,
              body: { orderid: pay.body.razorpay_order_id, paymentid: pay.body.razorpay_payment_id, paymentsignature: pay.body.razorpay_signature },
            }),
          );
          entry.paid = confirm?.status === 200;
        }
      }
    }
    await timed(tally, 'orders', () => call(base, 'GET', '/api/order', { token: customer.token }));
  }
}
