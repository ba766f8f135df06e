import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { APP_SHELL_PATHS } from '../../domain/app-routes';

/** Where `npm run build` puts the web app, relative to the working directory unless WEB_DIST says otherwise. */
export function webDistDir(configured?: string): string {
  return path.resolve(configured ?? 'dist/web');
}

export function isWebBuilt(distDir: string): boolean {
  return existsSync(path.join(distDir, 'index.html'));
}

/**
 * Serves the built React app. Vite puts a content hash in every asset name, so those are cached for a year;
 * index.html is revalidated on every load so a new release is picked up at once. The app's screens that the server
 * does not render itself answer with index.html at their own paths (decision 072); any other path is left to the
 * not-found handler, which answers 404.
 */
export async function registerWebApp(app: FastifyInstance, distDir: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: true,
    // The home page is index.html with the hero picture's preload (vite.config.ts); a build from before
    // it has index.html alone.
    index: ['home.html', 'index.html'],
    preCompressed: true,
    setHeaders(reply, filePath) {
      // With preCompressed the file sent may be the .br or .gz twin written at build time: judge by the original.
      const rel = path.relative(distDir, filePath).replace(/\.(br|gz)$/, '');
      if (rel.startsWith('assets' + path.sep)) reply.header('Cache-Control', 'public, max-age=31536000, immutable');
      else if (rel.endsWith('.html')) reply.header('Cache-Control', 'no-cache');
      else reply.header('Cache-Control', 'public, max-age=3600');
    },
  });
  for (const url of APP_SHELL_PATHS) app.get(url, (_request, reply) => reply.sendFile('index.html'));
}
