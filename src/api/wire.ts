/**
 * The schema layer of the main thread, loaded on first use (page load: the first load carries no schema library;
 * ARCHITECTURE.md 'Security at the edges' still holds — every answer is validated before use). Each group of calls has a
 * schema chunk of its own (./wire/*.ts: `dataOr` and the wire schemas of those calls, common/wire), so a call pays
 * only for its own schemas: the announcement right after the page loads builds the bulletin schema, not the site
 * and session ones. A chunk is fetched once, in parallel with the call's request, so validation adds no round trip.
 * A failed chunk load counts as a failed call (SPEC §8 fallback).
 */

/** Loads one schema chunk (a memoised `import()`). */
export type WireLoader<W> = () => Promise<W>;

/**
 * A memoised loader for the schema chunk `load` imports. A rejected load is not kept: the next call retries. Raises
 * nothing itself; the returned loader rejects when the chunk cannot be loaded.
 */
export function wireChunk<W>(load: () => Promise<W>): WireLoader<W> {
  let loading: Promise<W> | undefined;
  return () =>
    (loading ??= load().catch((err: unknown) => {
      loading = undefined;
      throw err;
    }));
}

/** The schema chunk of the message centre and the announcement bar (SPEC §7 messages calls). */
export const messagesWire = wireChunk(() => import('./wire/messages.ts'));
/** The schema chunk of the pay-with picker (SPEC §7 BUY_API). */
export const buyWire = wireChunk(() => import('./wire/buy.ts'));
/** The schema chunk of the header extras (SPEC §7 HEADER_API). */
export const headerWire = wireChunk(() => import('./wire/header.ts'));
/** The schema chunk of the site data the main thread loads on demand (SPEC §7 SITE_API fiat rates). */
export const siteWire = wireChunk(() => import('./wire/site.ts'));

/**
 * Awaits `request` and the schema chunk of `loader` together (one round trip), then gives `read(result, wire)`. When
 * the chunk cannot be loaded, logs one line naming `what` and gives `fallback` (SPEC §8: as a failed call). Never
 * throws for a failed load; `read` is the caller's and should not throw either.
 */
export async function withWire<W, R, T>(
  loader: WireLoader<W>,
  request: Promise<R>,
  fallback: T,
  what: string,
  read: (result: R, wire: W) => T,
): Promise<T> {
  const [result, wire] = await Promise.all([
    request,
    loader().catch((err: unknown) => {
      console.warn(`[api] ${what}: validation code failed to load, using the fallback`, err);
      return null;
    }),
  ]);
  return wire ? read(result, wire) : fallback;
}
