// Vite: React app + module worker, with the reference API server mounted on the same origin (dev and preview).
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { referenceServer } from './server/vite-plugin.ts';
import { compileHints } from './server/compile-hints.ts';
import { mountChunkName, mountPreload } from './server/first-load-split.ts';

export default defineConfig({
  plugins: [react(), mountPreload(), referenceServer(), compileHints()],
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
    // Written for error tooling, never referenced from the bundles nor served (docs/SECURITY.md 'Build files.').
    sourcemap: 'hidden',
    target: 'es2022',
    // The manifest lists each entry's static imports: the first-load budget (.size-limit.js) is computed from it.
    manifest: true,
    // No modulepreload polyfill in the first load: every browser the site supports preloads modules natively
    // (<link rel="modulepreload">: Chromium 66+, Firefox 115+, Safari 17+); older ones load the same chunks as
    // static imports, only without the early fetch.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // Framework code in chunks of its own: it changes less often than the app, so it stays cached (immutable
        // hashed names) across app deploys. Only what the first load imports; lazy libraries stay with their chunk.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            // Everything else the entry imports statically, in one chunk: without it the bundler splits each module
            // the entry shares with a lazy chunk into a tiny chunk of its own (a first-load request each, and gzip
            // compresses them apart). `$initial` captures only modules of the entry's static closure, so nothing
            // lazy is pulled in; lazy chunks import these from the entry chunk.
            { name: 'app', tags: ['$initial'] },
            // The mounting module's closure (src/mount.tsx: the App and the header's components), less the entry's:
            // one chunk, which the page preloads with the entry (server/first-load-split.ts). The entry needs no
            // React, so it runs while React's chunk is still arriving.
            { name: mountChunkName(import.meta.dirname) },
            // The API layer (the header's SPEC §7 calls, the CDN check, the footer's data, the message centre, the
            // announcement when the server did not embed it): client, endpoints, envelope, the schemas it parses
            // with and zod, in one chunk instead of ten small ones (a request and a compression window each). An
            // anonymous server-rendered page loads it only when the CDN check is due (5 s) or on an intent. The
            // schemas of calls made only on intent (buy, the header's account calls) stay with their own chunks.
            {
              name: 'api',
              test: /(src[\\/]api[\\/](client|parse|wire|messages|header-extras|wire[\\/]messages)\.ts|common[\\/]wire[\\/](endpoints|envelope|lenient|messages)\.ts|src[\\/]extras[\\/]cdn-check\.ts|node_modules[\\/]zod[\\/])/,
            },
          ],
        },
      },
    },
  },
});
