// Bundles the server (and its command-line tools) into dist/server; packages stay in node_modules.
import { readdirSync } from 'node:fs';
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
