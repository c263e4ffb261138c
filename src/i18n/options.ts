/**
 * Catalogue shapes shared by the server render (src/entry-server.tsx), the embed rules (./embed.ts) and the client
 * (./index.ts). Both sides translate with the same runtime (./runtime.ts), so the hydrated strings equal the
 * server's markup (SPEC §3 locales).
 */

/** A locale's catalogues by namespace (`{ settings: { menu: { … } } }`). */
export type Catalogues = Record<string, Record<string, unknown>>;

/** Catalogues by locale, then namespace, as the server render embeds them (src/state/boot-data.ts). */
export type CataloguesByLocale = Record<string, Catalogues>;
