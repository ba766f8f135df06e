// `npm start`: builds when the build is missing or older than the sources, then runs the server in this process.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const STAMP = 'dist/.build-stamp';

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

const sourcesChanged = () =>
  Math.max(newestMtime('src'), ...['package-lock.json', 'vite.config.ts'].map((f) => statSync(f).mtimeMs));

if (!existsSync(STAMP) || !existsSync('dist/server/main.js') || !existsSync('dist/ssr/render-screen.js') || statSync(STAMP).mtimeMs < sourcesChanged()) {
  console.log('Building the shop (first start or sources changed)…');
  // The build stamps itself as its last step (scripts/build-server.mjs).
  execSync('npm run build', { stdio: 'inherit' });
}
await import('../dist/server/main.js');
