import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const api = process.env.API_ORIGIN ?? 'http://localhost:3000';

// The home page is the only screen that shows the hero picture, so only its page preloads it. The build writes
// index.html (every other screen's page, and the frame of the crawlable pages) without the tags marked
// data-home-only, and home.html with them, which the server answers at `/`.
const HOME_ONLY_TAG = /[ \t]*<link\b[^>]*\sdata-home-only\b[^>]*>\r?\n?/g;
const HOME_ONLY_ATTRIBUTE = /\sdata-home-only(?:="")?/g;

export function splitHomePage(indexHtml: string): { index: string; home: string } {
  if (!indexHtml.match(HOME_ONLY_TAG)) throw new Error('index.html has no <link data-home-only>: the home page would lose its hero preload');
  return { index: indexHtml.replace(HOME_ONLY_TAG, ''), home: indexHtml.replace(HOME_ONLY_ATTRIBUTE, '') };
}

/** Vite plugin: after the built index.html has its asset names, splits it into index.html and home.html. */
export function homePageHtml(): Plugin {
  return {
    name: 'ghee-shop:home-page-html',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const built = bundle['index.html'];
      // The server-side build (the crawlable pages' renderer) has no index.html.
      if (!built || built.type !== 'asset') return;
      const { index, home } = splitHomePage(String(built.source));
      built.source = index;
      this.emitFile({ type: 'asset', fileName: 'home.html', source: home });
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  root: 'src/web',
  publicDir: 'public',
  plugins: [react(), homePageHtml()],
  build: isSsrBuild
    ? {
        // `vite build --ssr ssr/render-screen.tsx`: the app's server entry for the crawlable pages, beside dist/web
        // (never inside it: dist/web is served to the public). Packages stay in node_modules.
        outDir: '../../dist/ssr',
        emptyOutDir: true,
        copyPublicDir: false,
        sourcemap: false,
        assetsInlineLimit: 2048,
      }
    : {
        outDir: '../../dist/web',
        emptyOutDir: true,
        sourcemap: false,
        // Assets named by content hash are cached for a year by the server.
        assetsInlineLimit: 2048,
      },
  server: {
    port: 5173,
    proxy: { '/api': api, '/media': api, '/sandbox': api, '/healthz': api, '/products/': api, '/sitemap.xml': api, '/robots.txt': api },
  },
}));
