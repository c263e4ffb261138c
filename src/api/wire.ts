/**
 * The schema layer of the main thread, loaded on first use (page load: the first load carries no schema library;
 * DESIGN 'Security at the edges' still holds — every answer is validated before use). `loadWire()` resolves to one
 * module with `dataOr`, `parseEnvelope` and the wire schemas the app's calls use (common/wire); it is fetched once,
 * in parallel with the call's request, so validation adds no round trip. A failed chunk load rejects; callers treat
 * it as a failed call (SPEC §8 fallback).
 */
import type * as WireSchemas from './wire-schemas.ts';

/** The schema module's exports. */
export type Wire = typeof WireSchemas;

let loading: Promise<Wire> | undefined;

/** The schema module (see the module comment). A rejected load is not cached: the next call retries. */
export function loadWire(): Promise<Wire> {
  loading ??= import('./wire-schemas.ts').catch((err: unknown) => {
    loading = undefined;
    throw err;
  });
  return loading;
}

/**
 * Awaits `request` and the schema module together (one round trip), then gives `read(result, wire)`. When the schema
 * module cannot be loaded, logs one line naming `what` and gives `fallback` (SPEC §8: as a failed call). Never
 * throws for a failed load; `read` is the caller's and should not throw either.
 */
export async function withWire<R, T>(
  request: Promise<R>,
  fallback: T,
  what: string,
  read: (result: R, wire: Wire) => T,
): Promise<T> {
  const [result, wire] = await Promise.all([
    request,
    loadWire().catch((err: unknown) => {
      console.warn(`[api] ${what}: validation code failed to load, using the fallback`, err);
      return null;
    }),
  ]);
  return wire ? read(result, wire) : fallback;
}
