// API throughput on one database, every figure side by side with a bare Fastify server in the same run.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';
import { captureAnswer } from '../lib/capture';
import { measure, type LoadOptions, type LoadRequest, type LoadResult, type MeasureOptions } from '../lib/load';
import { createFreshDatabase, type FreshDatabase } from '../lib/postgres';
import { BENCH_ADMIN, startHello, startNodeFlags, startShop, type ServerProcess } from '../lib/processes';
import { codBurst } from './cod-burst';
import { seedPublishedReviews } from '../lib/reviews';
import { figure, int, mb, ms, pct, type Figure } from '../lib/report';
import { startHostileJsonLoops } from './hostile-json';
import { call, login, orderTemplate, register } from '../lib/shop-client';
import type { CreateOrderBody } from '../../src/domain/schemas/order';
import type { Product } from '../../src/domain/schemas/product';
import type { StockLevel } from '../../src/domain/stock';

export type BenchDialect = 'sqlite' | 'postgres';

export const API_TARGETS = {
  catalogueShare: 0.7,
  ordersShare: 0.35,
  /** A crawlable product page (DESIGN.md §7.5), HTML served from its cache: half of hello at least. */
  productPageShare: 0.5,
  /** Each answer against a bare Fastify sending its own bytes, measured with wrk (autocannon's cost per byte hides it). */
  catalogueOfReplay: 0.9,
  ordersOfReplay: 0.8,
  productPageOfReplay: 0.8,
  codPerSecond: { sqlite: 1500, postgres: 800 } as Record<BenchDialect, number>,
  codP99Ms: 50,
  rssMb: 150,
  /** CPU of the shop's process per COD order, from the start of a burst until its mails are all sent. */
  codCpuMsWithMail: { sqlite: 1.5, postgres: 2.5 } as Record<BenchDialect, number>,
  /** Orders / (burst + time for the outbox to empty), against the burst's own rate. */
  sustainedShare: 0.6,
  /** The catalogue's p50 with four loops posting hostile JSON, against its p50 without. */
  hostileJsonP50Ratio: 2,
};

/** Delivery rules of the fee+coupon burst: every order pays delivery and the COD fee (no free-delivery threshold). */
const BENCH_DELIVERY = {
  pincodesAllowed: [],
  pincodesBlocked: [],
  deliveryFee: 50,
  freeDeliveryFrom: null,
  estimateMinDays: 2,
  estimateMaxDays: 5,
  codEnabled: true,
  codMaxOrderValue: null,
  codFee: 25,
  codBlocked: [],
};
/** 10% off, no limit on uses, so every order of the burst claims a use. */
const BENCH_COUPON = {
  code: 'BENCH10',
  kind: 'PERCENT',
  value: 10,
  minOrder: 0,
  maxDiscount: null,
  validFrom: null,
  validTo: null,
  totalUses: null,
  perCustomer: null,
  firstOrderOnly: false,
  active: true,
};

/** Bottles on the shelf of each size the stock-tracked burst orders: more than any burst sells (the schema's most). */
const BENCH_STOCK = 1_000_000;

/** The longest the benchmark waits for the outbox to empty after a burst (it reports a miss rather than hang). */
const DRAIN_TIMEOUT_MS = 20 * 60_000;

/** Browsers ask for compressed answers, so the benchmark does too. */
const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br', accept: 'application/json' };
/** What a browser or a crawler sends for a page. */
const PAGE_HEADERS = { 'accept-encoding': 'gzip, deflate, br', accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

interface Measured extends LoadResult {
  rssMb: number;
  /** The server's CPU (all threads) per answer, in microseconds, over the warm-up and the run. */
  cpuUsPerAnswer: number;
}

async function measured(server: ServerProcess, request: LoadRequest, options: MeasureOptions): Promise<Measured> {
  server.resetPeak();
  const cpuBefore = server.cpuMs();
  const result = await measure(server.url, request, options);
  const cpuMs = server.cpuMs() - cpuBefore;
  // The warm-up's answers are not counted by the client; at the run's rate they are about this many.
  const seconds = options.seconds ?? 10;
  const answers = result.requests * ((seconds + (options.warmupSeconds ?? 3)) / seconds);
  return { ...result, rssMb: server.peakRssMb(), cpuUsPerAnswer: answers > 0 ? (cpuMs * 1000) / answers : 0 };
}

/** Rounds of an answer's replay and the shop's answer, measured back to back. */
const ALTERNATING_ROUNDS = 5;
/** Seconds of each round's runs (after the warm-up): more short rounds see more of the machine's quiet moments. */
const ROUND_SECONDS = 5;

interface Paired {
  /** The replay's CPU per answer over the shop's, all rounds together: the share of the shop's cost that is the answer's own. */
  cpuRatio: number;
  /** Each side's best round. */
  replay: Measured;
  shop: Measured;
  /** The shop's best rate over its replay's best. */
  ratio: number;
  /** The shop's rate over its replay's, per round (back to back). */
  ratios: number[];
  /** The machine's 1-minute load average when the last round ended. */
  load: number;
}

const best = (runs: Measured[]) => runs.reduce((a, b) => (b.rps > a.rps ? b : a));

/**
 * The replay and the shop in alternating rounds, each side judged by its best round: whatever else the machine does
 * only ever slows a run down (the rule the hello yardstick follows), and on this shared machine one pair measured
 * once, or even the median of a few, moved by tens of points between runs of the same build.
 */
async function alternating(
  replay: { server: ServerProcess; request: LoadRequest },
  shop: { server: ServerProcess; request: LoadRequest },
  options: MeasureOptions,
): Promise<Paired> {
  const replays: Measured[] = [];
  const shops: Measured[] = [];
  const round = { ...options, seconds: Math.min(options.seconds ?? ROUND_SECONDS, ROUND_SECONDS) };
  for (let i = 0; i < ALTERNATING_ROUNDS; i += 1) {
    replays.push(await measured(replay.server, replay.request, round));
    shops.push(await measured(shop.server, shop.request, round));
  }
  const ratios = shops.map((run, i) => run.rps / replays[i]!.rps);
  const [replayBest, shopBest] = [best(replays), best(shops)];
  const cpuOf = (runs: Measured[]) => runs.reduce((sum, run) => sum + run.cpuUsPerAnswer, 0) / runs.length;
  return { replay: replayBest, shop: shopBest, ratio: shopBest.rps / replayBest.rps, ratios, cpuRatio: cpuOf(replays) / cpuOf(shops), load: os.loadavg()[0]! };
}

/** One count from the shop's database, read straight through the driver (the shop is not asked). */
async function countOrders(dialect: BenchDialect, where: { dataDir: string; pgUrl?: string }, by: { orderids: string[] } | { email: string }): Promise<number> {
  if (dialect === 'sqlite') {
    const db = new SqliteDatabase(path.join(where.dataDir, 'shop.db'), { readonly: true });
    try {
      const row = ('orderids' in by
        ? db.prepare('select count(*) as n from orders where orderid in (select value from json_each(?))').get(JSON.stringify(by.orderids))
        : db.prepare('select count(*) as n from orders where emailaddress = ?').get(by.email)) as { n: number };
      return row.n;
    } finally {
      db.close();
    }
  }
  const client = new pg.Client({ connectionString: where.pgUrl });
  await client.connect();
  try {
    const { rows } =
      'orderids' in by
        ? await client.query<{ n: number }>('select count(*)::int as n from orders where orderid = any($1)', [by.orderids])
        : await client.query<{ n: number }>('select count(*)::int as n from orders where emailaddress = $1', [by.email]);
    return rows[0]?.n ?? 0;
  } finally {
    await client.end();
  }
}

function latencies(r: Measured): string {
  return `p50 ${ms(r.p50)}, p99 ${ms(r.p99)}, RSS ${mb(r.rssMb)}`;
}

function failures(r: Measured): string {
  const bad = r.non2xx + r.errors + r.timeouts;
  return bad ? `${int(bad)} failed (non-2xx ${r.non2xx}, errors ${r.errors}, timeouts ${r.timeouts})` : '';
}

export interface ApiBenchOptions extends LoadOptions {
  /** Extra node flags for the shop, e.g. --cpu-prof. */
  nodeArgs?: string[];
  /** Where to write the load generator's own CPU profile of each catalogue run (hello, replays, shop). */
  clientProfileDir?: string;
  /** Only the cash-on-delivery burst and its sustained figures (`npm run bench -- cod`). */
  codOnly?: boolean;
  /** Only the GETs against their replays, without the bursts (`npm run bench -- gets`). */
  getsOnly?: boolean;
  log?: (line: string) => void;
}

export async function apiBench(dialect: BenchDialect, options: ApiBenchOptions = {}): Promise<Figure[]> {
  const log = options.log ?? (() => {});
  const group = `api ${dialect}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ghee-bench-api-'));
  let database: FreshDatabase | undefined;
  let shop: ServerProcess | undefined;
  let hello: Awaited<ReturnType<typeof startHello>> | undefined;
  try {
    if (dialect === 'postgres') database = await createFreshDatabase();
    // The first start creates the schema and seeds the catalogue; a shop then runs from a
    // restart, which is what is measured.
    await (await startShop({ dataDir, databaseUrl: database?.url })).stop();
    // The first product carries 1,000 published reviews: the catalogue and its crawlable page read kept figures.
    await seedPublishedReviews({ dataDir, ...(database ? { pgUrl: database.url } : {}) });
    shop = await startShop({ dataDir, databaseUrl: database?.url, ...(options.nodeArgs ? { nodeArgs: options.nodeArgs } : {}) });

    // A customer with 20 orders for GET /api/order, another who places the benchmark's orders.
    const reader = await register(shop.url, 'Reader Customer');
    const readerOrder = await orderTemplate(shop.url, reader.email);
    for (let i = 0; i < 20; i += 1) await call(shop.url, '/api/checkout/codorder', { body: readerOrder(`Receipt-setup-${i}`), token: reader.token });
    const buyer = await register(shop.url, 'Buyer Customer');
    const buyerOrder = await orderTemplate(shop.url, buyer.email);
    const where = { dataDir, ...(database ? { pgUrl: database.url } : {}) };
    const burst = (variant: string, token: string, order: (receipt: string) => CreateOrderBody) =>
      codBurst(shop as ServerProcess, {
        ...options,
        group,
        variant,
        headers: BROWSER_HEADERS,
        token,
        order,
        where,
        countPresent: (orderids) => countOrders(dialect, where, { orderids }),
        drainTimeoutMs: DRAIN_TIMEOUT_MS,
        targets: {
          perSecond: API_TARGETS.codPerSecond[dialect],
          p99Ms: API_TARGETS.codP99Ms,
          rssMb: API_TARGETS.rssMb,
          cpuMsPerOrder: API_TARGETS.codCpuMsWithMail[dialect],
          sustainedShare: API_TARGETS.sustainedShare,
        },
        log,
      });
    const plainCod = () => burst('', buyer.token, buyerOrder);
    // The same burst with both sizes of every order stock-tracked, so each order also takes its bottles
    // (a conditional update per line) in its transaction; afterwards the shelf must hold exactly what was not sold.
    const stockTrackedCod = async () => {
      const admin = await login(shop!.url, BENCH_ADMIN.email, BENCH_ADMIN.password);
      const stocker = await register(shop!.url, 'Stock Customer');
      const base = await orderTemplate(shop!.url, stocker.email);
      const products = await call<Product[]>(shop!.url, '/api/public/product');
      const sizes = base('Receipt-sizes').items.map((item) => {
        const product = products.find((p) => p.name === item.name);
        if (!product) throw new Error(`the order's product ${item.name} is not listed`);
        return { productId: Number(product._id), size: item.quantity, perOrder: item.itemQty ?? 1 };
      });
      for (const s of sizes) await call(shop!.url, `/api/stock/${s.productId}/${s.size}`, { method: 'PUT', token: admin, body: { stock: BENCH_STOCK } });
      const figures = await burst(' stock-tracked', stocker.token, base);
      const levels = await call<StockLevel[]>(shop!.url, '/api/stock', { token: admin });
      const sold = await countOrders(dialect, where, { email: stocker.email });
      const taken = sizes.map((s) => ({ ...s, taken: BENCH_STOCK - (levels.find((l) => l.productId === s.productId && l.size === s.size)?.stock ?? NaN) }));
      figures.push(
        figure(
          `${group} stock-tracked`,
          'stock after the burst',
          `${int(sold)} orders; ${taken.map((s) => `${int(s.taken)} bottles of ${s.size} ml taken`).join(', ')}`,
          'exactly what the orders took',
          taken.every((s) => s.taken === sold * s.perOrder),
        ),
      );
      return figures;
    };
    // The same burst with every order paying a delivery fee and a COD fee and taking a coupon's discount,
    // which the order's transaction claims (a row in coupon_uses; counters only for codes with limits).
    const feeAndCouponCod = async () => {
      const admin = await login(shop!.url, BENCH_ADMIN.email, BENCH_ADMIN.password);
      await call(shop!.url, '/api/settings/delivery', { method: 'PUT', token: admin, body: BENCH_DELIVERY });
      await call(shop!.url, '/api/coupons', { token: admin, body: BENCH_COUPON });
      const payer = await register(shop!.url, 'Coupon Customer');
      const base = await orderTemplate(shop!.url, payer.email);
      const quote = await call<{ total: number; discount: number; deliveryFee: number; codFee: number }>(shop!.url, '/api/checkout/quote', {
        token: payer.token,
        body: { ...base('Receipt-quote'), coupon: BENCH_COUPON.code },
      });
      if (!(quote.discount > 0 && quote.deliveryFee > 0 && quote.codFee > 0)) throw new Error(`the quote did not price fees and a discount: ${JSON.stringify(quote)}`);
      return burst(' fee+coupon', payer.token, (receipt) => ({ ...base(receipt), coupon: BENCH_COUPON.code, totalAmount: quote.total }));
    };
    // The same burst with COD confirmation on and every order opted in to WhatsApp: each order also waits for its
    // confirmation (a signed link in its mail) and queues its two messages (placed, confirm) in the group's transaction.
    const confirmedCod = async () => {
      const admin = await login(shop!.url, BENCH_ADMIN.email, BENCH_ADMIN.password);
      const settings = await call<Record<string, unknown>>(shop!.url, '/api/settings', { token: admin });
      await call(shop!.url, '/api/settings', { method: 'PUT', token: admin, body: { ...settings, codConfirmation: true } });
      const talker = await register(shop!.url, 'WhatsApp Customer');
      const base = await orderTemplate(shop!.url, talker.email);
      // The delivery and COD fees of the burst before stay: the total is the quote's, as the browser's would be.
      const quote = await call<{ total: number }>(shop!.url, '/api/checkout/quote', { token: talker.token, body: base('Receipt-quote') });
      try {
        return await burst(' confirm+whatsapp', talker.token, (receipt) => ({ ...base(receipt), whatsappOptIn: true, totalAmount: quote.total }));
      } finally {
        await call(shop!.url, '/api/settings', { method: 'PUT', token: admin, body: { ...settings, codConfirmation: false } });
      }
    };
    const cod = async () =>
      options.getsOnly ? [] : [...(await plainCod()), ...(await stockTrackedCod()), ...(await feeAndCouponCod()), ...(await confirmedCod())];
    if (options.codOnly) return await cod();

    // The hello server also replays the shop's two answers byte for byte: the most the framework, the client
    // and the loopback manage with answers that size, which bounds what the shop can reach.
    const cataloguePath = '/api/public/product';
    const catalogueHeaders = BROWSER_HEADERS;
    const ordersHeaders = { ...BROWSER_HEADERS, authorization: `Bearer ${reader.token}` };
    const [firstProduct] = await call<{ slug: string }[]>(shop.url, cataloguePath);
    const productPagePath = `/products/${encodeURIComponent(firstProduct?.slug ?? 'missing')}`;
    const replayFile = path.join(dataDir, 'replay.json');
    writeFileSync(
      replayFile,
      JSON.stringify({
        catalogue: await captureAnswer(shop.url, cataloguePath, catalogueHeaders),
        orders: await captureAnswer(shop.url, '/api/order', ordersHeaders),
        page: await captureAnswer(shop.url, productPagePath, PAGE_HEADERS),
      }),
    );
    hello = await startHello(replayFile);
    // The setup's orders leave mails to send; the shop's answers are measured once that work is done.
    await shop.settle();
    log(`${group}: shop pid ${shop.pid} at ${shop.url}, hello pid ${hello.pid}`);

    const profileDir = options.clientProfileDir;
    if (profileDir) mkdirSync(profileDir, { recursive: true });
    const client = (name: string): MeasureOptions =>
      profileDir ? { ...options, clientProfile: path.join(profileDir, `client-${dialect}-${name}.cpuprofile`) } : options;
    const helloBefore = await measured(hello, { path: '/' }, client('hello'));
    log(`${group}: hello ${int(helloBefore.rps)} rps`);
    const catalogueRaw = await measured({ ...hello, url: hello.rawUrl ?? hello.url }, { path: '/raw/catalogue' }, client('raw-catalogue'));
    const cataloguePair = await alternating(
      { server: hello, request: { path: '/replay/catalogue' } },
      { server: shop, request: { path: cataloguePath, headers: catalogueHeaders } },
      client('catalogue'),
    );
    const catalogue = cataloguePair.shop;
    log(`${group}: catalogue ${int(catalogue.rps)} rps (its bytes replayed: ${int(cataloguePair.replay.rps)} rps, ${int(catalogueRaw.rps)} without a framework)`);
    // The same replay in a process with the node flags `npm start` gives the shop (its smaller young generation,
    // decision 079): how much of the gap above is that setting rather than the shop's work. Not judged.
    const sameFlags = await startHello(replayFile, startNodeFlags().filter((flag) => !flag.startsWith('--require')));
    let catalogueSameFlags: Paired;
    try {
      catalogueSameFlags = await alternating(
        { server: sameFlags, request: { path: '/replay/catalogue' } },
        { server: shop, request: { path: cataloguePath, headers: catalogueHeaders } },
        options,
      );
    } finally {
      await sameFlags.stop();
    }
    log(`${group}: catalogue against its replay under npm start's node flags: ${pct(catalogueSameFlags.ratio)}`);
    const hostileLoops = startHostileJsonLoops(shop.url);
    const catalogueHostile = await measured(shop, { path: cataloguePath, headers: catalogueHeaders }, options);
    const hostileSent = await hostileLoops.stop();
    log(`${group}: catalogue under hostile JSON p50 ${ms(catalogueHostile.p50)} (without ${ms(catalogue.p50)}); ${hostileSent.sent} hostile bodies: ${hostileSent.refused} answered 400, ${hostileSent.cut} cut off once refused`);
    const ordersPair = await alternating(
      { server: hello, request: { path: '/replay/orders' } },
      { server: shop, request: { path: '/api/order', headers: ordersHeaders } },
      options,
    );
    const orders = ordersPair.shop;
    log(`${group}: own orders ${int(orders.rps)} rps (its bytes replayed: ${int(ordersPair.replay.rps)} rps)`);
    const productPagePair = await alternating(
      { server: hello, request: { path: '/replay/page', headers: PAGE_HEADERS } },
      { server: shop, request: { path: productPagePath, headers: PAGE_HEADERS } },
      options,
    );
    const productPage = productPagePair.shop;
    log(`${group}: product page ${int(productPage.rps)} rps (its bytes replayed: ${int(productPagePair.replay.rps)} rps)`);

    // The burst ends when the outbox is empty, so the yardstick is measured after, not beside, the shop's mail.
    const codFigures = await cod();
    await shop.settle();
    const helloAfter = await measured(hello, { path: '/' }, options);

    // Whatever else runs on the machine only ever slows the yardstick down, so its better run is the honest one:
    // a mean would credit the shop with a dip (such as the shop still sending mail while hello is measured).
    const helloRps = Math.max(helloBefore.rps, helloAfter.rps);
    const share = (r: Measured, target: number, label: string) => {
      const ratio = r.rps / helloRps;
      const bad = failures(r);
      return figure(
        group,
        label,
        `${int(r.rps)} rps = ${pct(ratio)} of hello; ${latencies(r)}`,
        `≥ ${pct(target)} of hello; RSS ≤ ${API_TARGETS.rssMb} MB`,
        ratio >= target && r.rssMb <= API_TARGETS.rssMb && !bad,
        bad || undefined,
      );
    };
    const replayed = (r: Measured, label: string) =>
      figure(group, label, `${int(r.rps)} rps = ${pct(r.rps / helloRps)} of hello (same bytes and headers, no work)`, 'ceiling', null);
    // What the shop's own work costs an answer: its rate against the same bytes sent with no work, same client.
    const ofReplay = ({ shop: r, replay, ratio, ratios, cpuRatio, load }: Paired, target: number, label: string) => {
      const byWrk = r.tool === 'wrk' && replay.tool === 'wrk';
      return figure(
        group,
        `${label} against its replayed bytes`,
        `${pct(ratio)}: best ${int(r.rps)} rps against best ${int(replay.rps)} (${r.tool}; rounds ${ratios.map(pct).join(', ')}); CPU per answer: the replay's is ${pct(cpuRatio)} of the shop's; load ${load.toFixed(1)}`,
        `≥ ${pct(target)} of its replay, measured with wrk`,
        byWrk ? ratio >= target && !failures(r) : null,
        byWrk ? undefined : 'autocannon pays more per byte than the server: install wrk for this figure',
      );
    };
    return [
      figure(group, 'hello (bare Fastify)', `${int(helloRps)} rps (before ${int(helloBefore.rps)}, after ${int(helloAfter.rps)}); p99 ${ms(helloBefore.p99)}; ${helloBefore.tool}`, 'yardstick', null),
      replayed(cataloguePair.replay, 'bare Fastify replaying the catalogue answer'),
      replayed(catalogueRaw, "node's HTTP server replaying it, no framework"),
      share(catalogue, API_TARGETS.catalogueShare, 'GET /api/public/product'),
      ofReplay(cataloguePair, API_TARGETS.catalogueOfReplay, 'GET /api/public/product'),
      figure(
        group,
        "GET /api/public/product against its replay under npm start's node flags",
        `${pct(catalogueSameFlags.ratio)}: best ${int(catalogueSameFlags.shop.rps)} rps against best ${int(catalogueSameFlags.replay.rps)} (rounds ${catalogueSameFlags.ratios.map(pct).join(', ')}); CPU per answer: the replay's is ${pct(catalogueSameFlags.cpuRatio)} of the shop's`,
        'shows what the young generation costs (decision 079)',
        null,
      ),
      figure(
        group,
        'GET /api/public/product p50 under hostile JSON (4 loops posting 1 MB nested 520,000 deep)',
        `p50 ${ms(catalogueHostile.p50)} vs ${ms(catalogue.p50)} without = ${(catalogueHostile.p50 / Math.max(catalogue.p50, 0.01)).toFixed(2)}×; ${int(hostileSent.sent)} hostile bodies sent (${int(hostileSent.refused)} answered 400, ${int(hostileSent.cut)} cut off once refused)`,
        `≤ ${API_TARGETS.hostileJsonP50Ratio}× the p50 without`,
        catalogueHostile.p50 <= API_TARGETS.hostileJsonP50Ratio * catalogue.p50,
        failures(catalogueHostile) || undefined,
      ),
      replayed(ordersPair.replay, 'bare Fastify replaying the order-list answer'),
      share(orders, API_TARGETS.ordersShare, 'GET /api/order (20 orders)'),
      ofReplay(ordersPair, API_TARGETS.ordersOfReplay, 'GET /api/order (20 orders)'),
      replayed(productPagePair.replay, 'bare Fastify replaying the crawlable page'),
      share(productPage, API_TARGETS.productPageShare, 'GET /products/{slug} (crawlable page, HTML)'),
      ofReplay(productPagePair, API_TARGETS.productPageOfReplay, 'GET /products/{slug}'),
      ...codFigures,
    ];
  } finally {
    await hello?.stop();
    await shop?.stop();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
