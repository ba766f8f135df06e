// Bundles the server (and its command-line tools) into dist/server; packages stay in node_modules.
import { cpSync, readdirSync } from 'node:fs';
import { build } from 'esbuild';

const cli = readdirSync('src/server/cli')
  .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
  .map((f) => `src/server/cli/${f}`);

await build({
  entryPoints: ['src/server/main.ts', ...cli],
  outdir: 'dist/server',
  outbase: 'src/server',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});

// The seed catalogue's pre-drawn pictures travel with the bundle (see src/server/seed/catalogue-images.ts).
cpSync('src/server/seed/catalogue-images', 'dist/server/catalogue-images', { recursive: true });
