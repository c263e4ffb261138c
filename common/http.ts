/**
 * One way to call the API (SPEC §7, §8), realm-neutral (main thread and market worker): credentials included,
 * the CSRF header, a 4000 ms time-out, and failures returned as data, never thrown. A call whose token the server
 * refused (a restart drew a new key) renews it once and retries (`renewCsrf`, fetchCsrfToken).
 */
import { USER_API } from './wire/endpoints.ts';

/** SPEC §9 request time-out. */
export const REQUEST_TIMEOUT_MS = 4000;
/** Header the reference server checks against the `csrf_token` cookie. */
export const CSRF_HEADER = 'X-CSRF-Token';
/** Header of a 403 that refused the CSRF token (not another 403): the caller may renew its token and retry once. */
export const CSRF_REJECTED_HEADER = 'X-CSRF-Rejected';

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
  /**
   * Called once when the server refuses the CSRF token (403 with CSRF_REJECTED_HEADER): resolves to a fresh token
   * (or undefined: no retry); the call is then repeated once with it.
   */
  renewCsrf?: () => Promise<string | undefined>;
  fetchImpl?: typeof fetch;
}

/**
 * Fetches `url` and parses its JSON. Never throws: a time-out, network error, non-2xx status or bad JSON comes back
 * as `{ok: false, reason}`. Time-out is enforced with an AbortController so the socket is released too. A refused
 * CSRF token is renewed through `options.renewCsrf` and the call repeated once (the server refuses before acting,
 * so repeating a POST is safe).
 */
export async function requestJson(url: string, options: RequestOptions = {}): Promise<HttpResult> {
  const first = await attempt(url, options);
  if (!first.csrfRejected || !options.renewCsrf) return first.result;
  const fresh = await options.renewCsrf().catch(() => undefined);
  if (!fresh || fresh === options.csrfToken) return first.result;
  return (await attempt(url, { ...options, csrfToken: fresh })).result;
}

/** One attempt of requestJson; `csrfRejected` when the answer was a CSRF refusal. */
async function attempt(
  url: string,
  options: RequestOptions,
): Promise<{ result: HttpResult; csrfRejected: boolean }> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs ?? REQUEST_TIMEOUT_MS);
  const onAbort = () => controller.abort();
  options.signal?.addEventListener('abort', onAbort); // removed in `finally`
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
    if (!res.ok) {
      const csrfRejected = res.status === 403 && res.headers.get(CSRF_REJECTED_HEADER) === '1';
      return { result: { ok: false, reason: 'http', status: res.status }, csrfRejected };
    }
    try {
      return {
        result: { ok: true, status: res.status, body: text ? JSON.parse(text) : null },
        csrfRejected: false,
      };
    } catch (err) {
      return {
        result: { ok: false, reason: 'parse', status: res.status, detail: String(err) },
        csrfRejected: false,
      };
    }
  } catch (err) {
    return {
      result: { ok: false, reason: timedOut ? 'timeout' : 'network', detail: String(err) },
      csrfRejected: false,
    };
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onAbort);
  }
}

const renewals = new Map<string, Promise<string | undefined>>();

/**
 * Asks the server for the CSRF token bound to this visitor now (`GET USER_API.csrfToken` on `origin`, '' for the
 * page's own; docs/API.md 'CSRF'), which also sets the fresh `csrf_token` cookie. Resolves to the token, or undefined
 * when the call fails (never throws). Concurrent calls for one origin share one request.
 */
export function fetchCsrfToken(origin = '', fetchImpl?: typeof fetch): Promise<string | undefined> {
  let pending = renewals.get(origin);
  if (!pending) {
    pending = requestJson(origin + USER_API.csrfToken, { fetchImpl }).then((res) => {
      renewals.delete(origin);
      const data = res.ok ? (res.body as { data?: { token?: unknown } } | null)?.data : undefined;
      return typeof data?.token === 'string' && data.token ? data.token : undefined;
    });
    renewals.set(origin, pending);
  }
  return pending;
}
