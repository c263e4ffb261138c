/** See scripts/first-load.mjs: the page's entry module and its mounting module, relative to the root. */
export const ENTRY_MODULE: string;
export const MOUNT_MODULE: string;
export const MOUNT_CHUNK: string;

/** A Vite manifest (`.vite/manifest.json`): chunk records by source key. */
export type ViteManifest = Record<
  string,
  { file: string; name?: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[]; css?: string[] }
>;

/**
 * See scripts/first-load.mjs: the first-load JS and CSS files of a build, relative to its folder; `entryKey` picks the
 * entry (default the page's `index.html`).
 */
export function firstLoadFiles(
  manifest: ViteManifest,
  entryKey?: (key: string) => boolean,
): { js: string[]; css: string[] };
