// The first-load graph of a Vite build: the `index.html` entry chunk and every chunk it imports statically, and the
// page's mounting chunk (MOUNT_MODULE, a dynamic import of the entry that the page preloads with it:
// server/first-load-split.ts) with every chunk that imports statically, read from the Vite manifest. Shared by the size budget (.size-limit.js, gzip) and `npm run lighthouse`
// (scripts/lighthouse-report.ts, bytes as transferred), so both measure the same files. Plain JS: size-limit loads
// its config with Node, without a TypeScript loader.

/** @param {string} key */
const isIndexHtml = (key) => key.endsWith('index.html');

/** The page's entry module (needs no React) and its mounting module (React, the App), relative to the root. */
export const ENTRY_MODULE = 'src/main.tsx';
export const MOUNT_MODULE = 'src/mount.tsx';
/** The name of the chunk holding the mounting module and its closure (a code-splitting group: vite.config.ts). */
export const MOUNT_CHUNK = 'mount';

/**
 * The built files of the first load: `js` (entry chunk and static imports, then the mounting chunk, when the entry
 * has one, and its static imports; paths relative to the build folder) and `css` (their stylesheets). Pure; throws
 * when the manifest has no such entry. `entryKey` picks the entry's manifest
 * key (default: the page's `index.html`; the embed build's is `src/embed/masthead.tsx`).
 * @param {Record<string, { file: string; name?: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[]; css?: string[] }>} manifest
 * @param {(key: string) => boolean} [entryKey]
 * @returns {{ js: string[]; css: string[] }}
 */
export function firstLoadFiles(manifest, entryKey = isIndexHtml) {
  const entry = Object.keys(manifest).find((k) => manifest[k].isEntry && entryKey(k));
  if (!entry)
    throw new Error(`no ${entryKey === isIndexHtml ? 'index.html' : 'matching'} entry in the Vite manifest`);
  const seen = new Set();
  const js = [];
  const css = new Set();
  const walk = (key) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    js.push(chunk.file);
    for (const c of chunk.css ?? []) css.add(c);
    for (const i of chunk.imports ?? []) walk(i);
  };
  walk(entry);
  const mount = manifest[entry].dynamicImports?.find((k) => k === MOUNT_MODULE || manifest[k]?.name === MOUNT_CHUNK);
  if (mount) walk(mount);
  return { js, css: [...css] };
}
