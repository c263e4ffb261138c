// First-load budget (`npm run size`, part of `npm test`): the JavaScript and CSS the built page loads before any
// intent — the HTML entry's chunk plus every chunk it imports statically (the modulepreload list), read from the
// Vite manifest of the build in OUT_DIR (default dist). Lazy chunks (menus' content, market panels, dialogs,
// search, messages, the drawer, the footer, locale catalogues) are not counted. Sizes are gzip level 9.
// SIZE_LIMIT_JS / SIZE_LIMIT_CSS override the limits (the budget test uses a tiny one to prove the check fails).
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';

const root = dirname(fileURLToPath(import.meta.url));

const outDir = process.env.OUT_DIR ?? 'dist';
const manifest = JSON.parse(readFileSync(join(root, outDir, '.vite', 'manifest.json'), 'utf8'));

/** The entry's static import closure: [js files, css files], paths relative to this folder. */
function firstLoad() {
  const entry = Object.keys(manifest).find((k) => manifest[k].isEntry && k.endsWith('index.html'));
  if (!entry) throw new Error(`no index.html entry in ${outDir}/.vite/manifest.json`);
  const seen = new Set();
  const js = [];
  const css = new Set();
  const walk = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    js.push(join(outDir, chunk.file));
    for (const c of chunk.css ?? []) css.add(join(outDir, c));
    for (const i of chunk.imports ?? []) walk(i);
  };
  walk(entry);
  return [js, [...css]];
}

const [js, css] = firstLoad();

export default [
  {
    name: 'first-load JavaScript (entry + static imports)',
    path: js,
    gzip: true,
    limit: process.env.SIZE_LIMIT_JS ?? '96 kB',
  },
  {
    name: 'first-load CSS',
    path: css,
    gzip: true,
    limit: process.env.SIZE_LIMIT_CSS ?? '12 kB',
  },
];
