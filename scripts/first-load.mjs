// The first-load graph of a Vite build: the `index.html` entry chunk and every chunk it imports statically, read
// from the Vite manifest. Shared by the size budget (.size-limit.js, gzip) and `npm run lighthouse`
// (scripts/lighthouse-report.ts, bytes as transferred), so both measure the same files. Plain JS: size-limit loads
// its config with Node, without a TypeScript loader.

/** @param {string} key */
const isIndexHtml = (key) => key.endsWith('index.html');

/**
 * The built files of the first load: `js` (entry chunk and static imports, paths relative to the build folder) and
 * `css` (their stylesheets). Pure; throws when the manifest has no such entry. `entryKey` picks the entry's manifest
 * key (default: the page's `index.html`; the embed build's is `src/embed/masthead.tsx`).
 * @param {Record<string, { file: string; isEntry?: boolean; imports?: string[]; css?: string[] }>} manifest
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
  return { js, css: [...css] };
}
