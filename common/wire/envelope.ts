/**
 * The exchange's `{code, message, data}` wrapper (SPEC §7: `code` 200 means ok) and the one parser of it, used by
 * the main thread (src/api) and the market worker (workers/market/sources). Realm-neutral, pure, never throws.
 */
import '../zod-csp.ts'; // first: no eval under the CSP (before any schema is built)
import { z } from 'zod/mini';

/** SPEC §7: the success code. Any other code is a failure the caller falls back from (SPEC §8). */
export const SUCCESS_CODE = 200;

/** The wrapper with `data` not yet validated. */
export const ApiEnvelope = z.object({ code: z.number(), message: z.optional(z.string()), data: z.unknown() });

/** The wrapper carrying `data` of type T (what the reference server sends). */
export type ApiEnvelope<T> = Omit<z.infer<typeof ApiEnvelope>, 'data'> & { data: T };

/** The wrapper opened: its `data` on success, else why not (for the caller's log line). */
export type OpenedEnvelope = { ok: true; data: unknown } | { ok: false; problem: string };

/** Opens a response body: `{ok: true, data}` when it is a wrapper with `code` 200, else `{ok: false, problem}`. */
export function openEnvelope(body: unknown): OpenedEnvelope {
  const env = ApiEnvelope.safeParse(body);
  if (!env.success) return { ok: false, problem: 'not an API envelope' };
  if (env.data.code !== SUCCESS_CODE) return { ok: false, problem: `code ${env.data.code}` };
  return { ok: true, data: env.data.data };
}

/** A schema of any shape (zod/mini), as the wire modules declare them. */
export type WireSchema = z.ZodMiniType;

/**
 * The wrapper's `data` validated by `schema` (its output type, defaults applied), or null when the body is not a
 * successful wrapper or `data` does not fit. Never throws.
 */
export function parseEnvelope<S extends WireSchema>(body: unknown, schema: S): z.output<S> | null {
  const opened = openEnvelope(body);
  if (!opened.ok) return null;
  const data = schema.safeParse(opened.data);
  return data.success ? data.data : null;
}
