/**
 * The main thread's API edge (SPEC §7, §8): every call of the app goes through here. requestJson (common/http.ts:
 * credentials, the CSRF header from the `csrf_token` cookie, 4000 ms time-out, failures as data; a refused token is
 * renewed once and the call repeated, so an open tab keeps working across a server restart), one log line per
 * failure. Never throws. Validation of the `{code, data}` wrapper with the call's wire schema is src/api/parse.ts
 * `dataOr`, reached through a schema chunk (src/api/wire.ts) so the first load carries no schema library.
 */
import { fetchCsrfToken, requestJson, type HttpResult, type RequestOptions } from '../../common/http.ts';
import { csrfToken } from '../lib/cookies.ts';

/** Origin prefixed to every API path: '' (the page's own origin) unless an embedded element set `api-base`. */
let apiBase = '';

/**
 * Sends the API calls to `origin` (`https://api.example.com`, no trailing slash) instead of the page's own origin;
 * '' restores the default. Used by the embedded elements' `api-base` attribute (docs/EMBED.md).
 */
export function setApiBase(origin: string): void {
  apiBase = origin;
}

function withQuery(path: string, query: Record<string, string | undefined> = {}): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined) params.set(k, v);
  const qs = params.toString();
  return `${apiBase}${qs ? `${path}?${qs}` : path}`;
}

/** The page's token and its renewal (the answer also sets the fresh `csrf_token` cookie every later call reads). */
const csrf = (): Pick<RequestOptions, 'csrfToken' | 'renewCsrf'> => ({
  csrfToken: csrfToken(),
  renewCsrf: () => fetchCsrfToken(apiBase),
});

function logFailure(method: string, path: string, res: HttpResult): void {
  if (!res.ok)
    console.warn(`[api] ${method} ${path} failed: ${res.reason}${res.status ? ` ${res.status}` : ''}`);
}

/** GET `path` (a common/wire/endpoints.ts constant) with `query`; failures logged and returned as data. */
export async function apiGet(path: string, query?: Record<string, string | undefined>): Promise<HttpResult> {
  const res = await requestJson(withQuery(path, query), csrf());
  logFailure('GET', path, res);
  return res;
}

/** POST a form-encoded body to `path`; failures logged and returned as data. */
export async function apiPostForm(path: string, form: Record<string, string>): Promise<HttpResult> {
  const res = await requestJson(apiBase + path, { method: 'POST', form, ...csrf() });
  logFailure('POST', path, res);
  return res;
}

/** POST a JSON body to `path`; failures logged and returned as data. */
export async function apiPostJson(path: string, json: unknown): Promise<HttpResult> {
  const res = await requestJson(apiBase + path, { method: 'POST', json, ...csrf() });
  logFailure('POST', path, res);
  return res;
}
