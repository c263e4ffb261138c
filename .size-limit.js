// First-load budget (`npm run size`, part of `npm test`): the JavaScript and CSS the built page loads before any
// intent — the HTML entry's chunk, the mounting chunk the page preloads with it (src/mount.tsx), and every chunk
// they import statically (the modulepreload list), read from the Vite manifest of the build in OUT_DIR (default dist). Lazy chunks (menus' content, market panels, dialogs,
// search, messages, the drawer, the footer, locale catalogues) are not counted. Sizes are gzip level 9.
// SIZE_LIMIT_JS / SIZE_LIMIT_CSS (and SIZE_LIMIT_EMBED_JS / SIZE_LIMIT_EMBED_CSS) override the limits (the budget test uses a tiny one to prove the check fails).
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

// The embedded elements' first load (docs/EMBED.md): `/embed/masthead.js` and its static imports, React included,
// from the embed build's manifest (`<OUT_DIR>/embed/`), and the one stylesheet each element links into its shadow root.
const embedDir = join(outDir, 'embed');
const embedManifest = JSON.parse(readFileSync(join(root, embedDir, '.vite', 'manifest.json'), 'utf8'));
const embed = firstLoadFiles(embedManifest, (k) => k === 'src/embed/masthead.tsx');
const embedCss = Object.values(embedManifest)
  .map((chunk) => chunk.file)
  .filter((f) => f.endsWith('.css'));

export default [
  {
    name: 'first-load JavaScript (entry, mounting chunk + static imports)',
    path: js,
    gzip: true,
    // 97.5 kB: the avatar's menu-button link (SPEC §2), the shadow-root lookups of the embedded elements and the
    // per-request store scope of the concurrent server render together added 0.7 kB to the entry chunk.
    limit: process.env.SIZE_LIMIT_JS ?? '97.5 kB',
  },
  {
    name: 'embedded element first-load JavaScript (masthead.js + static imports, React included)',
    path: embed.js.map((f) => join(embedDir, f)),
    gzip: true,
    limit: process.env.SIZE_LIMIT_EMBED_JS ?? '110 kB',
  },
  {
    name: 'embedded element stylesheet',
    path: embedCss.map((f) => join(embedDir, f)),
    gzip: true,
    limit: process.env.SIZE_LIMIT_EMBED_CSS ?? '11 kB',
  },
  {
    name: 'first-load CSS',
    path: css,
    gzip: true,
    limit: process.env.SIZE_LIMIT_CSS ?? '12 kB',
  },
];
