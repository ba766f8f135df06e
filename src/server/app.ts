import http from 'node:http';
import { constants as zlibConstants } from 'node:zlib';
import compress from '@fastify/compress';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { AppContext } from './context';
import type { DatabaseHandle } from './db/database';
import { createTokenService } from './auth/tokens';
import { createCatalogueSource } from './catalog/catalogue-source';
import { createOrderBatchWriter } from './ordering/index';
import { limitConnections } from './http/connection-limits';
import { registerCors } from './http/cors';
import { registerErrorHandling, type ErrorHandlingOptions } from './http/error-handler';
import { frameworkErrorAnswer } from './http/framework-errors';
import { registerMetrics } from './http/metrics';
import { requestLogger } from './http/request-logger';
import { requestIdOf } from './http/request-id';
import { FastPath } from './http/fast-path';
import { openApiRoutes, registerOpenApi } from './http/openapi';
import { connectRedis } from './http/rate-limit';
import { registerAnswerHeaders } from './http/security';
import { createCounterStore, startCounterPurge } from './limits/counters';
import { registerTextGuard } from './http/text-guard';
import { registerJsonBodies, REQUEST_ENCODINGS, unsupportedEncoding } from './http/json-body';
import { createLoadMonitor } from './http/load-monitor';
import { isWebBuilt, registerWebApp, webDistDir } from './http/web-static';
import { createMailTransport, type MailTransport } from './mail/transport';
import { chooseGateway } from './payments/gateway-choice';
import { chooseCourier } from './shipping/courier-choice';
import { createOutboxWorker, mailRetryPolicy } from './mail/worker';
import { createMailAttachments } from './invoicing/invoice-attachment';
import { preloadPdfKit } from './invoicing/pdf-library';
import { loadDocumentSigner } from './invoicing/pdf-signing';
import { registerRoutes } from './routes';
import { seoRoutes } from './seo/routes';
import { builtScreenEntry } from './seo/screen-renderer';

export interface BuildAppOptions {
  config: Config;
  database: DatabaseHandle;
  /** Pino options, or false for silence (tests). */
  logger?: FastifyServerOptions['logger'];
  backgroundJobs?: boolean;
  /** Serve the built web app (default: when it has been built). */
  serveWeb?: boolean;
  mailTransport?: MailTransport;
  /** The app's server entry for crawlable pages (default: the built one beside the web app; tests use the source). */
  screenEntry?: string;
}

export const BODY_LIMIT_BYTES = 1024 * 1024;
const MAIL_MAX_DEFER_MS = 30_000;

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const fastPath = new FastPath();
  // Slow or idle sockets must neither pin the process nor starve it (DESIGN.md §7.1). Node checks the header
  // and request deadlines on a timer (30 s by default), so it runs often enough for the deadlines to hold.
  const httpOptions = {
    headersTimeout: config.HEADERS_TIMEOUT_MS,
    connectionsCheckingInterval: Math.min(1000, Math.max(50, Math.floor(config.HEADERS_TIMEOUT_MS / 4))),
  };
  const app = Fastify({
    logger: options.logger ?? { level: config.LOG_LEVEL },
    childLoggerFactory: requestLogger,
    bodyLimit: BODY_LIMIT_BYTES,
    // Trust exactly the configured number of proxy hops in X-Forwarded-For, and none by default.
    trustProxy: (_address: string, hop: number) => hop < config.TRUST_PROXY,
    requestIdHeader: false,
    genReqId: requestIdOf,
    frameworkErrors: frameworkErrorAnswer,
    http: httpOptions,
    requestTimeout: config.REQUEST_TIMEOUT_MS,
    keepAliveTimeout: config.KEEP_ALIVE_TIMEOUT_MS,
    // Fresh cached public answers are sent before Fastify sees the request (http/fast-path.ts); the server is
    // made as Fastify makes it.
    serverFactory: (handler) => {
      const server = http.createServer(httpOptions, fastPath.wrap(handler));
      server.keepAliveTimeout = config.KEEP_ALIVE_TIMEOUT_MS;
      server.requestTimeout = config.REQUEST_TIMEOUT_MS;
      server.setTimeout(0);
      return server;
    },
  });
  // Past a cap the oldest idle keep-alive socket makes room, or the new one is closed at once (file descriptors stay
  // for the connections being served), for the whole process and per client address.
  limitConnections(app.server, { max: config.MAX_CONNECTIONS, perIp: config.MAX_CONNECTIONS_PER_IP }, app.log);
  // The API speaks JSON only (uploads add multipart in their own plugin); other bodies get a 415.
  app.removeContentTypeParser('text/plain');
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const monitor = options.backgroundJobs ? createLoadMonitor() : undefined;
  // Opened now, so a wrong path or password stops the start with a message rather than failing an invoice later.
  const signer = await loadDocumentSigner(config);
  if (signer) app.log.info(`Invoices and credit notes are signed by ${signer.signerName}`);
  const transport = options.mailTransport ?? createMailTransport({ smtpUrl: config.SMTP_URL, dataDir: config.dataDir, filesMax: config.MAIL_FILES_MAX });
  const outbox = createOutboxWorker({
    handle: database,
    transport,
    from: config.MAIL_FROM,
    logger: app.log,
    pollMs: config.MAIL_POLL_MS,
    retry: mailRetryPolicy(config),
    attachments: createMailAttachments(database.db, signer),
    // A shop saturated by customers sends its mails a little later rather than checking out more slowly.
    ...(monitor ? { yieldTo: { busy: monitor.busy, maxDeferMs: MAIL_MAX_DEFER_MS } } : {}),
  });
  const redis = config.REDIS_URL ? await connectRedis(app, config.REDIS_URL) : undefined;
  const ctx: AppContext = {
    config,
    database,
    db: database.db,
    dialect: database.dialect,
    tokens: createTokenService(config.JWT_SECRET),
    outbox,
    orderWriter: createOrderBatchWriter(database.db, config.SHOP_EMAIL, { confirmLinks: { publicUrl: config.PUBLIC_URL, secret: config.JWT_SECRET } }),
    catalogue: createCatalogueSource(config, database.db, app.log),
    counters: createCounterStore({ db: database.db, redis, jwtSecret: config.JWT_SECRET, log: app.log }),
    redis,
    backgroundJobs: options.backgroundJobs ?? false,
    signer,
    fastPath,
  };
  app.decorate('ctx', ctx);
  // The fast path writes Fastify's access log lines when Fastify would (at info). A cross-origin setup adds CORS
  // headers per request, so it keeps the fast path off.
  const log = app.log as FastifyBaseLogger & { isLevelEnabled?: (level: string) => boolean };
  fastPath.configure({
    access: {
      log,
      enabled: () => (log.isLevelEnabled ? log.isLevelEnabled('info') : log.level !== undefined && log.level !== 'silent'),
      trustsProxy: config.TRUST_PROXY > 0,
    },
  });
  if (config.CORS_ORIGINS.length > 0) fastPath.enabled = false;
  // A closing app answers new requests 503 (Fastify's return503OnClosing).
  app.addHook('preClose', (done) => {
    fastPath.enabled = false;
    done();
  });
  // Whether strangers can pay, pay for free, or not pay online at all is the first thing an owner must know.
  const payments = chooseGateway(config);
  if (payments.kind === 'razorpay') app.log.info(payments.reason);
  else app.log.warn(payments.reason);
  const shipping = chooseCourier(config);
  if (shipping.kind === 'sandbox') app.log.warn(shipping.reason);
  else app.log.info(shipping.reason);
  await registerAnswerHeaders(app);

  const webDir = webDistDir(config.WEB_DIST);
  const serveWeb = (options.serveWeb ?? true) && isWebBuilt(webDir);
  // The crawlable pages' "page not found" page, once their routes exist (below).
  let notFoundPage: ErrorHandlingOptions['notFoundPage'];
  registerErrorHandling(app, {
    spaFallback: serveWeb,
    notFoundPage: async (request, reply) =>
      notFoundPage ? notFoundPage(request, reply) : reply.status(404).header('Cache-Control', 'no-cache').sendFile('index.html'),
  });
  registerTextGuard(app);
  registerJsonBodies(app);
  await registerCors(app, config.CORS_ORIGINS);
  // API answers are compressed per request, so speed wins over the last few bytes: brotli quality 1 and gzip
  // level 1 cost far less CPU than the defaults on an order list and shrink it almost as well (bench/README.md).
  // Below 64 KB a one-shot compression beats a stream through the thread pool. Static files and the product
  // list are compressed ahead of time at the highest levels.
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    // Windows sized for answers compressed per request (under 64 KB one-shot, larger ones streamed): brotli's
    // default 4 MB window and zlib's default memory level cost resident memory per compression under load and
    // buy nothing on answers this size.
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 1, [zlibConstants.BROTLI_PARAM_LGWIN]: 18 } },
    zlibOptions: { level: 1, memLevel: 7 },
    syncThreshold: 64 * 1024,
    // Request bodies: inflated before the JSON parser, whose limits count the inflated bytes (http/json-body.ts).
    requestEncodings: REQUEST_ENCODINGS,
    onUnsupportedRequestEncoding: unsupportedEncoding,
  });
  await registerOpenApi(app);
  await registerMetrics(app);
  await registerRoutes(app);
  await app.register(openApiRoutes);
  await app.register(seoRoutes, {
    webDir: serveWeb ? webDir : null,
    screenEntry: options.screenEntry ?? builtScreenEntry(webDir),
    onNotFoundPage: (handler) => {
      notFoundPage = handler;
    },
  });
  if (serveWeb) await registerWebApp(app, webDir);
  else if (options.serveWeb !== false) app.log.warn({ webDir }, 'web app not built; run `npm run build` first');

  let stopCounterPurge: (() => void) | undefined;
  if (ctx.backgroundJobs) {
    app.addHook('onReady', async () => {
      outbox.start();
      stopCounterPurge = startCounterPurge(database.db, app.log);
    });
  }
  // The PDF library loads after the shop is listening, not before /readyz (see invoicing/pdf-library.ts).
  let cancelPreload: (() => void) | undefined;
  if (monitor) {
    app.addHook('onListen', async () => {
      cancelPreload = preloadPdfKit({ monitor, log: app.log });
    });
  }
  app.addHook('onClose', async () => {
    cancelPreload?.();
    stopCounterPurge?.();
    await outbox.stop();
    transport.close();
  });
  return app;
}
