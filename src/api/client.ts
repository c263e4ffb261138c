/**
 * Main-thread API calls for site and session data (SPEC §7): requestJson (credentials, CSRF header from the
 * `csrf_token` cookie, 4000 ms time-out, failures as data) plus one log line per failure (SPEC §8: swallowed, logged).
 */
import { csrfToken } from '../lib/cookies.ts';
import { requestJson, type HttpResult } from '../../common/http.ts';

function withQuery(path: string, query: Record<string, string | undefined> = {}): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined) params.set(k, v);
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

function logFailure(method: string, path: string, res: HttpResult): void {
  if (!res.ok)
    console.warn(`[api] ${method} ${path} failed: ${res.reason}${res.status ? ` ${res.status}` : ''}`);
}

/** GET `path` with `query`; never throws. */
export async function apiGet(path: string, query?: Record<string, string | undefined>): Promise<HttpResult> {
  const res = await requestJson(withQuery(path, query), { csrfToken: csrfToken() });
  logFailure('GET', path, res);
  return res;
}

/** POST a form-encoded body to `path`; never throws. */
export async function apiPostForm(path: string, form: Record<string, string>): Promise<HttpResult> {
  const res = await requestJson(path, { method: 'POST', form, csrfToken: csrfToken() });
  logFailure('POST', path, res);
  return res;
}

/** Parses a result with `parse`; a failed call or invalid body gives `fallback` and a log line (SPEC §8). */
export function parseOr<T>(
  res: HttpResult,
  parse: (body: unknown) => T | null,
  fallback: T,
  what: string,
): T {
  if (!res.ok) return fallback;
  const value = parse(res.body);
  if (value === null) {
    console.warn(`[api] ${what}: invalid response, using the fallback`);
    return fallback;
  }
  return value;
}
