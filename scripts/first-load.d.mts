/** A Vite manifest (`.vite/manifest.json`): chunk records by source key. */
export type ViteManifest = Record<
  string,
  { file: string; isEntry?: boolean; imports?: string[]; css?: string[] }
>;

/**
 * See scripts/first-load.mjs: the first-load JS and CSS files of a build, relative to its folder; `entryKey` picks the
 * entry (default the page's `index.html`).
 */
export function firstLoadFiles(
  manifest: ViteManifest,
  entryKey?: (key: string) => boolean,
): { js: string[]; css: string[] };
