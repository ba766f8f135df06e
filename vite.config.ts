import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const api = process.env.API_ORIGIN ?? 'http://localhost:3000';

export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  plugins: [react()],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    sourcemap: false,
    // Assets named by content hash are cached for a year by the server.
    assetsInlineLimit: 2048,
  },
  server: {
    port: 5173,
    proxy: { '/api': api, '/media': api, '/sandbox': api, '/healthz': api },
  },
});
