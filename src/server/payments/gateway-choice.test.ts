import { describe, expect, it } from 'vitest';
import { isLoopbackUrl } from '../config';
import { chooseGateway } from './gateway-choice';

const base = { RAZORPAY_KEY_ID: undefined, RAZORPAY_KEY_SECRET: undefined, PAYMENT_SANDBOX: false, PUBLIC_URL: 'https://ghee.example.in', HOST: '0.0.0.0' };

describe('which gateway runs (DESIGN.md §7.1)', () => {
  it('knows the addresses only this machine reaches', () => {
    for (const url of ['http://localhost:3000', 'http://shop.localhost', 'http://127.0.0.1:4327', 'http://127.9.0.1', 'http://[::1]:3000']) {
      expect(isLoopbackUrl(url), url).toBe(true);
    }
    for (const url of ['https://ghee.example.in', 'http://10.0.0.5:3000', 'http://192.168.1.2', 'http://localhost.example.com', 'http://127.0.0.1.nip.io', 'not a url']) {
      expect(isLoopbackUrl(url), url).toBe(false);
    }
  });

  it('Razorpay with keys; the sandbox on loopback or when asked; otherwise off, and each says why', () => {
    expect(chooseGateway({ ...base, RAZORPAY_KEY_ID: 'rzp_live_x', RAZORPAY_KEY_SECRET: 's' }).kind).toBe('razorpay');
    expect(chooseGateway({ ...base, RAZORPAY_KEY_ID: 'rzp_live_x' }).kind).toBe('off');
    expect(chooseGateway({ ...base, PUBLIC_URL: 'http://localhost:3000', HOST: 'localhost' }).kind).toBe('sandbox');
    expect(chooseGateway({ ...base, PAYMENT_SANDBOX: true })).toMatchObject({ kind: 'sandbox', reason: expect.stringMatching(/PAYMENT_SANDBOX=1/) });
    const off = chooseGateway(base);
    expect(off.kind).toBe('off');
    expect(off.reason).toMatch(/cash on delivery only/);
    expect(off.reason).toMatch(/RAZORPAY_KEY_ID/);
  });
});
