// The storefront as a phone sees it: first-load JavaScript (gzip) of a fresh production build, and Lighthouse
// (mobile defaults, Debian Chromium) on the home page, the product list and a product page served by the
// built shop at their paths (src/domain/app-routes.ts); the list and the product page are the server's crawlable
// pages, which the app hydrates, and their SEO category is held to 100 too. The build goes to .tmp/bench/web (never dist/), so this runs beside anyone's e2e tests.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_FLAGS, chromiumPath } from '../../scripts/chromium';
import { CRAWLABLE_ROUTES } from '../../src/domain/app-routes';
import { ROOT, startShop, type ServerProcess } from '../lib/processes';
import { figure, type Figure } from '../lib/report';
import { call } from '../lib/shop-client';
import { attribute, firstLoadJs } from './bundle-size';

export const WEB_TARGETS = { firstLoadGzipKb: 120, performance: 95, accessibility: 95, bestPractices: 95, seo: 100, cls: 0.05 };

const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_FLAGS];

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function viteBuild(outDir: string, sourcemap: boolean) {
  const args = ['vite', 'build', '--logLevel', 'warn', '--outDir', outDir, '--emptyOutDir', ...(sourcemap ? ['--sourcemap'] : [])];
  execFileSync('npx', args, { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
}

/** The app's server entry for the crawlable pages, beside the web build (where the server looks for it). */
function ssrBuild(webDir: string) {
  const outDir = path.join(path.dirname(webDir), 'ssr');
  const args = ['vite', 'build', '--ssr', 'ssr/render-screen.tsx', '--logLevel', 'warn', '--outDir', outDir, '--emptyOutDir'];
  execFileSync('npx', args, { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
}

interface PageScore {
  name: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  /** Held to the SEO target: the crawlable pages. */
  crawlable: boolean;
  cls: number;
  lcpMs: number;
  tbtMs: number;
  failing: string[];
}

async function audit(url: string, name: string, port: number, crawlable: boolean): Promise<PageScore> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const lhr = result.lhr;
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  // Audits that cost points, for the report: what the lead would fix first.
  const failing = Object.values(lhr.audits)
    .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative' && a.scoreDisplayMode !== 'manual')
    .map((a) => `${a.id}${a.displayValue ? ` (${a.displayValue})` : ''}`);
  return {
    name,
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    crawlable,
    cls: numeric('cumulative-layout-shift'),
    lcpMs: numeric('largest-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    failing,
  };
}

export async function webBench(options: { log?: (line: string) => void } = {}): Promise<Figure[]> {
  const log = options.log ?? (() => {});
  const work = path.join(ROOT, '.tmp/bench');
  const webDir = path.join(work, 'web');
  const mapped = path.join(work, 'web-sourcemap');
  mkdirSync(work, { recursive: true });
  log('web: building the storefront (as npm run build does) into .tmp/bench/web');
  viteBuild(webDir, false);
  ssrBuild(webDir);
  execFileSync(process.execPath, ['scripts/compress-web.mjs', webDir], { cwd: ROOT, stdio: 'ignore' });
  const firstLoad = firstLoadJs(webDir);

  // The same build with source maps says which modules the first-load bytes come from.
  viteBuild(mapped, true);
  const mappedLoad = firstLoadJs(mapped);
  const owners = new Map<string, { bytes: number; gzip: number }>();
  for (const chunk of mappedLoad.chunks) {
    const sizes = attribute(path.join(mapped, chunk.file));
    const total = [...sizes.values()].reduce((a, b) => a + b, 0) || 1;
    for (const [owner, bytes] of sizes) {
      const entry = owners.get(owner) ?? { bytes: 0, gzip: 0 };
      entry.bytes += bytes;
      // Gzip of a part is estimated as its share of the chunk's gzip size.
      entry.gzip += (bytes / total) * chunk.gzip;
      owners.set(owner, entry);
    }
  }
  const topOwners = [...owners.entries()].sort((a, b) => b[1].gzip - a[1].gzip).slice(0, 15);
  const report = [
    `First-load JS: ${kb(firstLoad.gzip)} gzip (${kb(firstLoad.bytes)} minified) in ${firstLoad.chunks.length} chunks`,
    ...firstLoad.chunks.map((c) => `  ${c.file}: ${kb(c.gzip)} gzip, ${kb(c.bytes)}`),
    'Largest contributors (minified bytes from source maps; gzip estimated by share):',
    ...topOwners.map(([owner, s]) => `  ${owner}: ~${kb(s.gzip)} gzip, ${kb(s.bytes)} minified`),
  ];

  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ghee-bench-web-'));
  let shop: ServerProcess | undefined;
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  const pages: PageScore[] = [];
  try {
    shop = await startShop({ dataDir, env: { WEB_DIST: webDir } });
    const products = await call<{ slug: string }[]>(shop.url, '/api/public/product');
    const slug = products[0]?.slug ?? 'missing';
    chrome = await chromeLauncher.launch({ chromePath: process.env.CHROME_PATH ?? chromiumPath() ?? '/usr/bin/chromium', chromeFlags: CHROME_FLAGS });
    // The paths the app links to, so each audit loads the page itself: an old `#/` address is moved on by a script
    // after the first load, and the list and product page at those paths are the same pages as the crawlable ones.
    const targets = [
      ['home', `${shop.url}/`, false],
      ['crawlable /products', `${shop.url}${CRAWLABLE_ROUTES.products}`, true],
      ['crawlable /products/{slug}', `${shop.url}${CRAWLABLE_ROUTES.product.replace(':slug', encodeURIComponent(slug))}`, true],
    ] as const;
    for (const [name, url, crawlable] of targets) {
      log(`web: Lighthouse ${name} (${url})`);
      pages.push(await audit(url, name, chrome.port, crawlable));
    }
  } finally {
    chrome?.kill();
    await shop?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  for (const p of pages) report.push(`Lighthouse ${p.name}: failing audits: ${p.failing.join(', ') || 'none'}`);
  writeFileSync(path.join(work, 'web-report.txt'), `${report.join('\n')}\n`);
  log(`web: details in .tmp/bench/web-report.txt`);

  const t = WEB_TARGETS;
  const top = topOwners.slice(0, 4).map(([o, s]) => `${o} ~${kb(s.gzip)}`).join(', ');
  return [
    figure('web', 'first-load JS (entry + static imports, gzip)', `${kb(firstLoad.gzip)} in ${firstLoad.chunks.length} chunks`, `≤ ${t.firstLoadGzipKb} KB`, firstLoad.gzip <= t.firstLoadGzipKb * 1024, `largest: ${top}`),
    ...pages.map((p) =>
      figure(
        'web',
        `Lighthouse ${p.name} (mobile)`,
        `perf ${p.performance}, a11y ${p.accessibility}, best practices ${p.bestPractices}, SEO ${p.seo}, CLS ${p.cls.toFixed(3)}, LCP ${(p.lcpMs / 1000).toFixed(1)} s, TBT ${p.tbtMs.toFixed(0)} ms`,
        `≥ ${t.performance}/${t.accessibility}/${t.bestPractices}${p.crawlable ? `; SEO ${t.seo}` : ''}; CLS < ${t.cls}`,
        p.performance >= t.performance &&
          p.accessibility >= t.accessibility &&
          p.bestPractices >= t.bestPractices &&
          (!p.crawlable || p.seo >= t.seo) &&
          p.cls < t.cls,
        p.failing.slice(0, 4).join('; ') || undefined,
      ),
    ),
  ];
}
