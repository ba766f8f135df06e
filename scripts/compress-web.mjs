// Writes .br and .gz beside every compressible file of the built web app (dist/web), at the highest levels,
// once at build time. The server's static plugin (preCompressed) then sends them as they are: no compression
// work per request, and smaller files than on-the-fly compression would make. Run by `npm run build`.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = path.resolve(process.argv[2] ?? 'dist/web');
// Images (webp, png, jpg) are compressed already; compressing them again only wastes bytes.
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|map|webmanifest|ico)$/i;
// Below this, the headers of a compressed answer outweigh what it saves.
const MIN_BYTES = 1024;

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (COMPRESSIBLE.test(entry.name)) yield full;
  }
}

let count = 0;
let before = 0;
let after = 0;
for (const file of files(root)) {
  const data = readFileSync(file);
  if (data.length < MIN_BYTES) continue;
  const br = brotliCompressSync(data, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    },
  });
  const gz = gzipSync(data, { level: constants.Z_BEST_COMPRESSION });
  // A variant that is not smaller is left out; the server then sends the plain file.
  if (br.length < data.length) writeFileSync(`${file}.br`, br);
  if (gz.length < data.length) writeFileSync(`${file}.gz`, gz);
  count += 1;
  before += data.length;
  after += Math.min(br.length, data.length);
}
console.log(`compress-web: ${count} files, ${(before / 1024).toFixed(0)} KB → ${(after / 1024).toFixed(0)} KB brotli`);
