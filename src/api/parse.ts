/**
 * Validation of API answers (SPEC §7, §8) with the calls' wire schemas (common/wire). Kept apart from the request
 * functions (src/api/client.ts) so the schema library is not in the first load: callers reach it through
 * a schema chunk (src/api/wire.ts) when an answer arrives.
 */
import type { z } from 'zod/mini';
import type { HttpResult } from '../../common/http.ts';
import { parseEnvelope, type WireSchema } from '../../common/wire/envelope.ts';

/**
 * The `data` of a result validated by `schema`; a failed call, a wrapper whose `code` is not 200, or data that does
 * not fit gives `fallback` (SPEC §8; usually an entry of FALLBACKS), the last two with a log line naming `what`.
 */
export function dataOr<S extends WireSchema, F>(
  res: HttpResult,
  schema: S,
  fallback: F,
  what: string,
): z.output<S> | F {
  if (!res.ok) return fallback;
  const value = parseEnvelope(res.body, schema);
  if (value === null) {
    console.warn(`[api] ${what}: invalid response, using the fallback`);
    return fallback;
  }
  return value;
}
