import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { buildStamp } from './build-stamp.ts';
import { precompress } from './precompress.ts';

const target = process.env.LODESTAR_API ?? 'http://127.0.0.1:8080';
const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export default defineConfig({
  plugins: [react(), precompress(), buildStamp(repo)],
  server: {
    proxy: {
      '/API': { target, changeOrigin: true, ws: true },
      '/healthz': { target, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1200,
  },
});
