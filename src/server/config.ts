import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { PASSWORD_MIN } from '../domain/constants';

const boolFlag = z
  .enum(['0', '1', 'true', 'false', ''])
  .optional()
  .transform((v) => v === '1' || v === 'true');

const emptyToUndefined = (v: unknown) => (v === '' ? undefined : v);
const optionalString = z.preprocess(emptyToUndefined, z.string().optional());

/** 'https://a.example, http://localhost:5173' → exact origins; a path, a wildcard or a trailing slash is refused. */
const originList = z
  .string()
  .optional()
  .transform((v, ctx) => {
    const origins = (v ?? '').split(',').map((o) => o.trim()).filter(Boolean);
    for (const origin of origins) {
      let exact: string | undefined;
      try {
        exact = new URL(origin).origin;
      } catch {
        exact = undefined;
      }
      if (exact !== origin || !/^https?:/.test(origin) || origin.includes('*')) {
        ctx.addIssue({
          code: 'custom',
          message: `${origin} is not an exact origin; write scheme://host[:port] with no path or trailing slash, e.g. https://shop.example`,
        });
      }
    }
    return [...new Set(origins)];
  });

const configFields = z.object({
  // Unset is a trial; `production` needs PUBLIC_URL (startupProblem).
  NODE_ENV: z.preprocess(emptyToUndefined, z.enum(['development', 'production', 'test']).optional()),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  // Unset: this machine only while PUBLIC_URL is this machine (or unset), every interface for a public PUBLIC_URL.
  HOST: optionalString,
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalString,
  JWT_SECRET: z.preprocess(emptyToUndefined, z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional()),
  PUBLIC_URL: optionalString,
  ADMIN_EMAIL: z.preprocess(emptyToUndefined, z.string().email().default('admin@gheeshop.local')),
  ADMIN_PASSWORD: z.preprocess(emptyToUndefined, z.string().min(PASSWORD_MIN, `ADMIN_PASSWORD must be at least ${PASSWORD_MIN} characters, as every new password is`).optional()),
  SHOP_EMAIL: optionalString,
  MAIL_FROM: z.preprocess(emptyToUndefined, z.string().default('Ghee Shop <orders@gheeshop.local>')),
  SMTP_URL: optionalString,
  RAZORPAY_KEY_ID: optionalString,
  RAZORPAY_KEY_SECRET: optionalString,
  RAZORPAY_WEBHOOK_SECRET: optionalString,
  // WhatsApp Cloud API (DESIGN.md §8.6); without the token and number id, the sandbox (on the sandbox's terms) or off.
  WHATSAPP_TOKEN: optionalString,
  WHATSAPP_PHONE_NUMBER_ID: optionalString,
  WHATSAPP_APP_SECRET: optionalString,
  WHATSAPP_VERIFY_TOKEN: optionalString,
  // The Graph API's address with its version; tests point it at a fake server.
  WHATSAPP_GRAPH_URL: z.preprocess(emptyToUndefined, z.string().url().default('https://graph.facebook.com/v21.0')),
  // Runs the sandbox gateway on a public PUBLIC_URL too (a test shop): anyone can then "pay" with the test card.
  PAYMENT_SANDBOX: boolFlag,
  // The key id a client was built with (the original client's own Razorpay test key), accepted by the sandbox too.
  PAYMENT_SANDBOX_KEY_ID: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .trim()
      .max(100)
      .refine((v) => !v.startsWith('rzp_live_'), 'PAYMENT_SANDBOX_KEY_ID names a live Razorpay key; the sandbox takes test key ids only')
      .optional(),
  ),
  // Origins of browser apps served elsewhere that may call the API (the original client); unset = same origin only.
  CORS_ORIGINS: originList,
  SANITY_PROJECT_ID: optionalString,
  SANITY_DATASET: optionalString,
  SANITY_STUDIO_URL: optionalString,
  SANITY_API_HOST: optionalString,
  REDIS_URL: optionalString,
  // How many proxies in front of the shop set X-Forwarded-For; 0 trusts none, so clients cannot fake their IP.
  TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
  // Bearer token Prometheus sends to read /metrics; unset, /metrics is a 404 (it names routes and business volumes).
  METRICS_TOKEN: z.preprocess(emptyToUndefined, z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional()),
  AUTH_RATE_LIMIT: z.coerce.number().int().min(0).default(10),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  MAIL_POLL_MS: z.coerce.number().int().min(10).default(1000),
  // A mail that fails is tried again after MAIL_RETRY_FIRST_MS, then at doubling waits up to MAIL_RETRY_MAX_MS, and
  // at that interval until it has waited MAIL_GIVE_UP_HOURS since it was queued (mail/worker.ts).
  MAIL_RETRY_FIRST_MS: z.coerce.number().int().min(10).default(5_000),
  MAIL_RETRY_MAX_MS: z.coerce.number().int().min(10).default(10 * 60_000),
  MAIL_GIVE_UP_HOURS: z.coerce.number().positive().default(72),
  // Without SMTP, the newest this many mails stay on disk as .eml files; the outbox table keeps every mail.
  MAIL_FILES_MAX: z.coerce.number().int().min(1).default(10_000),
  // Slow and idle clients (DESIGN.md §7.1, §8.8): a request's headers must arrive within HEADERS_TIMEOUT_MS and all
  // of it within REQUEST_TIMEOUT_MS; an idle keep-alive socket closes after KEEP_ALIVE_TIMEOUT_MS (at most 72 s; 5 s
  // unless a proxy in front keeps connections to the shop); the process keeps MAX_CONNECTIONS open sockets, well under
  // its file limit, and one client address MAX_CONNECTIONS_PER_IP (http/connection-limits.ts).
  HEADERS_TIMEOUT_MS: z.coerce.number().int().min(100).max(10_000).default(10_000),
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).default(30_000),
  KEEP_ALIVE_TIMEOUT_MS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(100).max(72_000).optional()),
  MAX_CONNECTIONS: z.coerce.number().int().min(1).default(4_000),
  // A PKCS#12 file with the document-signing certificate and its key: every invoice and credit note PDF is then signed
  // (PAdES). docs/operations.md says how to get one.
  INVOICE_SIGNING_P12: optionalString,
  INVOICE_SIGNING_PASSWORD: optionalString,
  // Unset: 64 with no trusted proxy in front, off behind one (every socket would come from the proxy); 0 = off.
  MAX_CONNECTIONS_PER_IP: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).optional()),
  RECONCILE_INTERVAL_MS: z.coerce.number().int().min(0).default(60_000),
  // Shipping through Shiprocket (DESIGN.md §8.5): the login of its API user, and the token its tracking webhook sends
  // as x-api-key. Unset: the sandbox courier where the sandbox may run, else AWBs typed by hand.
  SHIPROCKET_EMAIL: optionalString,
  SHIPROCKET_PASSWORD: optionalString,
  SHIPROCKET_WEBHOOK_TOKEN: z.preprocess(emptyToUndefined, z.string().min(16, 'SHIPROCKET_WEBHOOK_TOKEN must be at least 16 characters').optional()),
  SHIPROCKET_API_URL: z.preprocess(emptyToUndefined, z.string().url().default('https://apiv2.shiprocket.in/v1/external')),
  // How often shipments without news for a day are asked about (tracking polled); 0 = never.
  SHIPPING_POLL_INTERVAL_MS: z.coerce.number().int().min(0).default(15 * 60_000),
  WEB_DIST: optionalString,
});

export const configSchema = configFields
  .refine((c) => c.HEADERS_TIMEOUT_MS <= c.REQUEST_TIMEOUT_MS, {
    message: 'HEADERS_TIMEOUT_MS must not be longer than REQUEST_TIMEOUT_MS (the headers are part of the request)',
    path: ['HEADERS_TIMEOUT_MS'],
  })
  .refine((c) => c.MAIL_RETRY_FIRST_MS <= c.MAIL_RETRY_MAX_MS, {
    message: 'MAIL_RETRY_FIRST_MS must not be longer than MAIL_RETRY_MAX_MS (the first wait is the shortest)',
    path: ['MAIL_RETRY_FIRST_MS'],
  });

export type RawConfig = z.infer<typeof configSchema>;

export interface Config
  extends Omit<RawConfig, 'JWT_SECRET' | 'PUBLIC_URL' | 'SHOP_EMAIL' | 'HOST' | 'KEEP_ALIVE_TIMEOUT_MS' | 'MAX_CONNECTIONS_PER_IP'> {
  JWT_SECRET: string;
  KEEP_ALIVE_TIMEOUT_MS: number;
  MAX_CONNECTIONS_PER_IP: number;
  PUBLIC_URL: string;
  SHOP_EMAIL: string;
  HOST: string;
  dataDir: string;
  /** False when PUBLIC_URL was not set and is this machine's `http://localhost:PORT`: a trial. */
  publicUrlSet: boolean;
}

export class ConfigError extends Error {}

/**
 * Reads and validates the environment once at start; a bad value stops the process with a message naming it,
 * rather than failing later in the middle of a request.
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}\nSee .env.example for every variable.`);
  }
  const raw = parsed.data;
  const dataDir = path.resolve(raw.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  const publicUrl = (raw.PUBLIC_URL ?? `http://localhost:${raw.PORT}`).replace(/\/+$/, '');
  return {
    ...raw,
    dataDir,
    JWT_SECRET: raw.JWT_SECRET ?? persistentSecret(dataDir),
    PUBLIC_URL: publicUrl,
    publicUrlSet: raw.PUBLIC_URL !== undefined,
    // Fastify listens on every loopback address (IPv4 and IPv6) for `localhost`.
    HOST: raw.HOST ?? (isLoopbackUrl(publicUrl) ? 'localhost' : '0.0.0.0'),
    SHOP_EMAIL: raw.SHOP_EMAIL ?? raw.ADMIN_EMAIL,
    // A proxy keeps its connections to the shop open for reuse (nginx: 60 s), so the shop must not close them first;
    // browsers reach a shop without one, and an idle socket of theirs is a slot held for nothing.
    KEEP_ALIVE_TIMEOUT_MS: raw.KEEP_ALIVE_TIMEOUT_MS ?? (raw.TRUST_PROXY > 0 ? 72_000 : 5_000),
    MAX_CONNECTIONS_PER_IP: raw.MAX_CONNECTIONS_PER_IP ?? (raw.TRUST_PROXY > 0 ? 0 : 64),
  };
}

/** localhost, *.localhost, 127.0.0.0/8 and ::1: addresses only this machine can reach. */
export function isLoopbackUrl(url: string): boolean {
  let host: string;
  try {
    host = new URL(url).hostname;
  } catch {
    return false;
  }
  return isLoopbackHost(host);
}

/** Whether listening on `host` (HOST) lets only this machine in. */
export function isLoopbackHost(host: string): boolean {
  const name = host.toLowerCase().replace(/^\[(.*)\]$/, '$1');
  return name === 'localhost' || name.endsWith('.localhost') || name === '::1' || /^127(\.\d{1,3}){3}$/.test(name);
}

/**
 * May a sandbox run here: the payment gateway's, and the courier's and messages' that follow its terms. A sandbox
 * lets anyone "pay" with a test card (or play a courier), so only on a shop no stranger reaches (PUBLIC_URL is this
 * machine and the shop listens on this machine only), or when the owner asks for a test shop with PAYMENT_SANDBOX=1.
 * `why` finishes the sentence "… because" in start-up logs.
 */
export function sandboxMayRun(config: Pick<Config, 'PAYMENT_SANDBOX' | 'PUBLIC_URL' | 'HOST'>): { allowed: boolean; why: string } {
  if (config.PAYMENT_SANDBOX) return { allowed: true, why: 'PAYMENT_SANDBOX=1' };
  if (!isLoopbackUrl(config.PUBLIC_URL)) return { allowed: false, why: `PUBLIC_URL (${config.PUBLIC_URL}) is public` };
  if (!isLoopbackHost(config.HOST)) {
    return { allowed: false, why: `the shop listens on HOST=${config.HOST}, which other machines reach, while PUBLIC_URL says this machine` };
  }
  return { allowed: true, why: `PUBLIC_URL (${config.PUBLIC_URL}) is this machine and the shop listens on it only` };
}

/** Why the server must not start with this configuration, or null. Checked by main.ts (not by the CLI commands). */
export function startupProblem(config: Config): string | null {
  if (config.NODE_ENV === 'production' && !config.publicUrlSet) {
    return (
      'NODE_ENV=production needs PUBLIC_URL: the address customers reach the shop at, e.g. PUBLIC_URL=https://www.your-ghee.in. ' +
      'Mail links, the sitemap and link previews are made from it, and without it the shop listens on this machine only. ' +
      'Set PUBLIC_URL, or leave NODE_ENV unset to try the shop on this machine.'
    );
  }
  return null;
}

/** A generated secret is kept in DATA_DIR so tokens survive a restart without any setup. */
function persistentSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret + '\n', { mode: 0o600 });
  return secret;
}
