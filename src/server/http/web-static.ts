import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Where `npm run build` puts the web app, relative to the working directory unless WEB_DIST says otherwise. */
export function webDistDir(configured?: string): string {
  return path.resolve(configured ?? 'dist/web');
}

/**
 * Serves the built React app. Vite puts a content hash in every asset name, so those are cached for a year;
 * index.html is revalidated on every load so a new release is picked up at once.
 */
export function isWebBuilt(distDir: string): boolean {
  return existsSync(path.join(distDir, 'index.html'));
}

export async function registerWebApp(app: FastifyInstance, distDir: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: true,
    index: ['index.html'],
    preCompressed: true,
    setHeaders(reply, filePath) {
      // With preCompressed the file sent may be the .br or .gz twin written at build time: judge by the original.
      const rel = path.relative(distDir, filePath).replace(/\.(br|gz)$/, '');
      if (rel.startsWith('assets' + path.sep)) reply.header('Cache-Control', 'public, max-age=31536000, immutable');
      else if (rel.endsWith('.html')) reply.header('Cache-Control', 'no-cache');
      else reply.header('Cache-Control', 'public, max-age=3600');
    },
  });
}
