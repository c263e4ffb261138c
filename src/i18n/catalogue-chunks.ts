/**
 * The table of catalogue chunks (SPEC §3 locales; ./index.ts): `./locales/{locale}/{namespace}.json` → a loader of
 * that catalogue's own chunk. A chunk of its own, loaded with the first catalogue the page asks for: a
 * server-rendered page starts with the catalogues its render used embedded in the page (src/state/boot-data.ts), so
 * the table (16 locales × 12 namespaces, ~2 KB compressed) stays out of the first load and off the way to a hydrated
 * header (docs/BENCHMARKS.md 'Hydration at 4x').
 */
import type { Catalogue } from './runtime.ts';

/** Loaders by catalogue path (`./locales/en/nav.json`); each resolves with the catalogue, or rejects (chunk failed). */
export const catalogueChunks = import.meta.glob<Catalogue>('./locales/*/*.json', { import: 'default' });
