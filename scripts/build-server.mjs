// Bundles the server (and its command-line tools) into dist/server.
import { cpSync, readdirSync, writeFileSync } from 'node:fs';
import { build } from 'esbuild';

const cli = readdirSync('src/server/cli')
  .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
  .map((f) => `src/server/cli/${f}`);

// Packages stay in node_modules, except pure-ESM ones shipped as hundreds of small files: Node resolves, reads and
// links each file of those one by one at start-up (kysely's files alone were a large share of the time to /readyz;
// bench/README.md), while inside the bundle they cost little. zod goes with fastify-type-provider-zod, so the
// server keeps exactly one copy of zod (its error classes and global config are compared by identity).
const BUNDLED_PACKAGES = /^(kysely|zod|fastify-type-provider-zod|jose)(\/|$)/;
const keepPackagesExternal = {
  name: 'keep-packages-external',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => (BUNDLED_PACKAGES.test(args.path) ? undefined : { path: args.path, external: true }));
  },
};

await build({
  entryPoints: ['src/server/main.ts', ...cli],
  outdir: 'dist/server',
  outbase: 'src/server',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  plugins: [keepPackagesExternal],
  sourcemap: true,
  logLevel: 'warning',
});

// The seed catalogue's pre-drawn pictures travel with the bundle (see src/server/seed/catalogue-images.ts).
cpSync('src/server/seed/catalogue-images', 'dist/server/catalogue-images', { recursive: true });
// The last step of `npm run build`: `npm start` takes a build stamped after the sources as current, so a start right
// after a build does not build again.
writeFileSync('dist/.build-stamp', new Date().toISOString());
