import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const api = process.env.API_ORIGIN ?? 'http://localhost:3000';

export default defineConfig(({ isSsrBuild }) => ({
  root: 'src/web',
  publicDir: 'public',
  plugins: [react()],
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
