import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

// Razorpay's checkout.js loads from its CDN and opens its dialog in frames from its API host.
const RAZORPAY_SCRIPT = 'https://checkout.razorpay.com';
const RAZORPAY_FRAMES = ['https://api.razorpay.com', 'https://checkout.razorpay.com'];

export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", RAZORPAY_SCRIPT],
        // React Toastify and Swiper set element styles at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https://cdn.sanity.io'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'https://*.razorpay.com'],
        frameSrc: ["'self'", ...RAZORPAY_FRAMES],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    // The Razorpay dialog opens a popup for some payment methods and must be able to talk back.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  });
}
