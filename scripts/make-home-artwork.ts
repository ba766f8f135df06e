// Generates the home page's artwork (SPEC.md §2 Home) as WebP files in src/web/assets/home/.
// Every picture is original vector art from scripts/artwork, the same code that draws
// the product images, so the storefront and the catalogue share one look.
// Run: npx tsx scripts/make-home-artwork.ts
import { mkdir, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { HERO_H, HERO_W, heroBilonaSvg, heroMorningSvg, heroPouringSvg } from './artwork/home-heroes';
import {
  BANNER_H,
  BANNER_W,
  PANEL_H,
  PANEL_W,
  bannerBottomSvg,
  bannerTopSvg,
  gheesSvg,
  specialSvg,
} from './artwork/home-panels';
import { SLIDE, SLIDES } from './artwork/home-slides';

const OUT_DIR = fileURLToPath(new URL('../src/web/assets/home/', import.meta.url));
/** Per-file budget: the home page must keep a Lighthouse performance score of 95 or more. */
const MAX_BYTES = 60 * 1024;
const START_QUALITY = 80;
const MIN_QUALITY = 50;

interface Job {
  file: string;
  width: number;
  height: number;
  svg: () => string;
}

const JOBS: Job[] = [
  { file: 'hero-1.webp', width: HERO_W, height: HERO_H, svg: heroMorningSvg },
  { file: 'hero-2.webp', width: HERO_W, height: HERO_H, svg: heroBilonaSvg },
  { file: 'hero-3.webp', width: HERO_W, height: HERO_H, svg: heroPouringSvg },
  { file: 'banner-top.webp', width: BANNER_W, height: BANNER_H, svg: bannerTopSvg },
  { file: 'banner-bottom.webp', width: BANNER_W, height: BANNER_H, svg: bannerBottomSvg },
  ...SLIDES.map((svg, i) => ({ file: `slide-${i + 1}.webp`, width: SLIDE, height: SLIDE, svg })),
  { file: 'special.webp', width: PANEL_W, height: PANEL_H, svg: specialSvg },
  { file: 'ghees.webp', width: PANEL_W, height: PANEL_H, svg: gheesSvg },
];

/** Encodes at quality 80, stepping down only if a file would exceed the size budget. */
async function encode(job: Job): Promise<{ data: Buffer; quality: number }> {
  const svg = Buffer.from(job.svg());
  const meta = await sharp(svg).metadata();
  if (meta.width !== job.width || meta.height !== job.height) {
    throw new Error(`${job.file}: drawn at ${meta.width}x${meta.height}, expected ${job.width}x${job.height}`);
  }
  for (let quality = START_QUALITY; ; quality -= 5) {
    const data = await sharp(svg).webp({ quality, effort: 6, smartSubsample: true }).toBuffer();
    if (data.length <= MAX_BYTES || quality <= MIN_QUALITY) return { data, quality };
  }
}

await mkdir(OUT_DIR, { recursive: true });
let total = 0;
for (const job of JOBS) {
  const { data, quality } = await encode(job);
  await writeFile(`${OUT_DIR}${job.file}`, data);
  total += data.length;
  const warn = data.length > MAX_BYTES ? '  (over budget!)' : '';
  console.log(`${job.file.padEnd(20)} ${job.width}x${job.height}  q${quality}  ${(data.length / 1024).toFixed(1)} KB${warn}`);
}
console.log(`total ${(total / 1024).toFixed(1)} KB in ${OUT_DIR}`);
