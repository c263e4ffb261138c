/**
 * One way to call the API (SPEC §7, §8), realm-neutral (main thread and market worker): credentials included,
 * the CSRF header, a 4000 ms time-out, and failures returned as data, never thrown.
 */

/** SPEC §9 request time-out. */
export const REQUEST_TIMEOUT_MS = 4000;
/** Header the reference server checks against the `csrf_token` cookie. */
export const CSRF_HEADER = 'X-CSRF-Token';

/** Why a call failed; `ok: true` carries the parsed JSON body (unknown: validate it). */
export type HttpResult =
  | { ok: true; status: number; body: unknown }
  | { ok: false; reason: 'timeout' | 'network' | 'http' | 'parse'; status?: number; detail?: string };

export interface RequestOptions {
  csrfToken?: string;
  /** Default REQUEST_TIMEOUT_MS. */
  timeoutMs?: number;
  method?: 'GET' | 'POST' | 'PUT';
  /** Form-encoded body for POST (SPEC §7 logout). */
  form?: Record<string, string>;
  /** JSON body for POST or PUT (error reports, favourites); ignored when `form` is set. */
  json?: unknown;
  headers?: Record<string, string>;
  /** Cancels the call (reported as `network`). */
  signal?: AbortSignal;
  fetchImpl?: typeof fetch;
}

/**
 * Fetches `url` and parses its JSON. Never throws: a time-out, network error, non-2xx status or bad JSON comes back
 * as `{ok: false, reason}`. Time-out is enforced with an AbortController so the socket is released too.
 */
export async function requestJson(url: string, options: RequestOptions = {}): Promise<HttpResult> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs ?? REQUEST_TIMEOUT_MS);
  const onAbort = () => controller.abort();
  options.signal?.addEventListener('abort', onAbort, { once: true });
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if (options.csrfToken) headers[CSRF_HEADER] = options.csrfToken;
  let body: string | undefined;
  if (options.form) {
    headers['Content-Type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(options.form).toString();
  } else if (options.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.json);
  }
  try {
    const res = await (options.fetchImpl ?? fetch)(url, {
      method: options.method ?? 'GET',
      credentials: 'include',
      headers,
      body,
      signal: controller.signal,
    });
    const text = await res.text();
    if (!res.ok) return { ok: false, reason: 'http', status: res.status };
    try {
      return { ok: true, status: res.status, body: text ? JSON.parse(text) : null };
    } catch (err) {
      return { ok: false, reason: 'parse', status: res.status, detail: String(err) };
    }
  } catch (err) {
    return { ok: false, reason: timedOut ? 'timeout' : 'network', detail: String(err) };
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onAbort);
  }
}
