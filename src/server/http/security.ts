import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

// Razorpay's checkout.js loads from its CDN and opens its dialog in frames from its API host.
const RAZORPAY_SCRIPT = 'https://checkout.razorpay.com';
const RAZORPAY_FRAMES = ['https://api.razorpay.com', 'https://checkout.razorpay.com'];

const HELMET_OPTIONS: Parameters<typeof helmet>[0] = {
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
};

/**
 * The headers helmet sets, worked out once. @fastify/helmet builds a new helmet (and re-parses the whole CSP)
 * on every request, a tenth of the time of a small cached answer; our policy has no nonces, so every response
 * gets the same headers and they can be computed at start-up.
 */
export function securityHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(HELMET_OPTIONS)({} as never, response as never, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/**
 * What a JSON answer needs (OWASP REST Security): it is never a document, so a policy that allows nothing, no
 * framing, no sniffing, no referrer, no cross-origin reads. The page's longer set (script and frame sources,
 * opener policy and the legacy switches) means nothing on JSON, and tripling the header bytes of every API answer
 * costs a quarter of the throughput of a small one.
 */
export const API_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'cross-origin-resource-policy': 'same-origin',
};

/**
 * Every answer's request id and security headers, set before the handler runs so error answers carry them too. One
 * callback hook for both: every request passes here, and a callback costs no promise.
 */
export async function registerAnswerHeaders(app: FastifyInstance): Promise<void> {
  // Worked out at start-up, so a helmet that produces no policy stops the start rather than the first page.
  securityHeadersFor('/');
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id).headers(securityHeadersFor(request.url));
    done();
  });
}

let pageHeaders: Record<string, string> | undefined;

/** The security headers of an answer at this address: the API's short set, or the page set. */
export function securityHeadersFor(url: string): Readonly<Record<string, string>> {
  if (url.startsWith('/api/')) return API_SECURITY_HEADERS;
  if (!pageHeaders) {
    const headers = securityHeaders();
    if (!headers['content-security-policy']) throw new Error('helmet produced no Content-Security-Policy');
    pageHeaders = headers;
  }
  return pageHeaders;
}
