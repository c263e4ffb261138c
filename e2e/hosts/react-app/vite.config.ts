// The React host's build (e2e/hosts/react-host.ts runs it): a plain Vite + React app of its own. `dedupe` keeps one
// React when a linked package (masthead, a `file:` link) resolves React from its own folder (docs/EMBED.md).
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  resolve: { dedupe: ['react', 'react-dom'] },
  build: { outDir: process.env.HOST_OUT_DIR ?? 'dist', emptyOutDir: true, target: 'es2022' },
});
