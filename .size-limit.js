// First-load budget (`npm run size`, part of `npm test`): the JavaScript and CSS the built page loads before any
// intent — the HTML entry's chunk plus every chunk it imports statically (the modulepreload list), read from the
// Vite manifest of the build in OUT_DIR (default dist). Lazy chunks (menus' content, market panels, dialogs,
// search, messages, the drawer, the footer, locale catalogues) are not counted. Sizes are gzip level 9.
// SIZE_LIMIT_JS / SIZE_LIMIT_CSS override the limits (the budget test uses a tiny one to prove the check fails).
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';
import { firstLoadFiles } from './scripts/first-load.mjs';

const root = dirname(fileURLToPath(import.meta.url));

const outDir = process.env.OUT_DIR ?? 'dist';
const manifest = JSON.parse(readFileSync(join(root, outDir, '.vite', 'manifest.json'), 'utf8'));

const files = firstLoadFiles(manifest);
const js = files.js.map((f) => join(outDir, f));
const css = files.css.map((f) => join(outDir, f));

export default [
  {
    name: 'first-load JavaScript (entry + static imports)',
    path: js,
    gzip: true,
    limit: process.env.SIZE_LIMIT_JS ?? '97 kB',
  },
  {
    name: 'first-load CSS',
    path: css,
    gzip: true,
    limit: process.env.SIZE_LIMIT_CSS ?? '12 kB',
  },
];
