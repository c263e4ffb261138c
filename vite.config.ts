// Vite: React app + module worker, with the reference API server mounted on the same origin (dev and preview).
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { referenceServer } from './server/vite-plugin.ts';

export default defineConfig({
  plugins: [react(), referenceServer()],
  worker: { format: 'es' },
  server: {
    port: Number(process.env.PORT ?? 5173),
    host: process.env.HOST,
    // Playwright and benchmark reports would otherwise trigger reloads (TOOLCHAIN 'CI').
    watch: { ignored: ['**/reports/**', '**/test-results/**', '**/playwright-report/**', '**/dist*/**'] },
  },
  preview: { port: Number(process.env.PORT ?? 5173), host: process.env.HOST },
  build: { outDir: process.env.OUT_DIR ?? 'dist', sourcemap: true, target: 'es2022' },
});
