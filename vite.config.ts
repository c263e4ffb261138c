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
  build: {
    outDir: process.env.OUT_DIR ?? 'dist',
    sourcemap: true,
    target: 'es2022',
    // The manifest lists each entry's static imports: the first-load budget (.size-limit.js) is computed from it.
    manifest: true,
    rolldownOptions: {
      output: {
        // Framework code in chunks of its own: it changes less often than the app, so it stays cached (immutable
        // hashed names) across app deploys. Only what the first load imports; lazy libraries stay with their chunk.
        codeSplitting: {
          groups: [{ name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ }],
        },
      },
    },
  },
});
