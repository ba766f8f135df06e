// Loads the web app's server entry (dist/ssr/render-screen.js, built by `npm run build`) on the first crawlable page
// asked for: React's server renderer and the app's components cost memory a shop serving only its API never pays.
import './array-buffer-detached';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { RenderScreen } from '../../domain/screen-render';

/** The built server entry sits beside the built web app (never inside it: that folder is public). */
export function builtScreenEntry(webDir: string): string {
  return path.join(path.dirname(webDir), 'ssr', 'render-screen.js');
}

/** Null when there is no entry or it fails to load: pages then go out with their head and an empty root. */
export function screenRendererLoader(entry: string, log: FastifyBaseLogger): () => Promise<RenderScreen | null> {
  let loading: Promise<RenderScreen | null> | undefined;
  return () =>
    (loading ??= (async () => {
      if (!existsSync(entry)) {
        log.warn({ entry }, 'the app is not built for the server: crawlable pages go out without their content; run `npm run build`');
        return null;
      }
      try {
        const module = (await import(entry)) as { renderScreen?: unknown };
        if (typeof module.renderScreen !== 'function') throw new Error(`${entry} exports no renderScreen`);
        return module.renderScreen as RenderScreen;
      } catch (err) {
        log.error({ err, entry }, 'the app could not be loaded for the server: crawlable pages go out without their content');
        return null;
      }
    })());
}
