/**
 * The CDN check (SPEC §7, §9): 5,000 ms after load, fetch a small file of the UI library from the configured CDN;
 * when it fails (network error, non-2xx, or slower than the 4,000 ms request time-out) report 'cdn access error' to
 * the error-report endpoint. Every failure is reported; a trace (how long the attempt took) rides along on a sampled
 * 10 % of reports (SPEC §9 trace sample rate 0.1). Framework-free: fetch, clock, timers, report and Math.random come
 * in as options, so tests drive it without a browser. Scheduled by ./cdn-check-schedule.ts, which loads this module
 * only when the check is due. Never throws.
 */
import { REQUEST_TIMEOUT_MS } from '../../common/http.ts';
import { HEADER_API } from '../../common/wire/endpoints.ts';
import type { ErrorReport } from '../../common/wire/header.ts';

/** SPEC §9: share of reports that carry a trace. */
export const CDN_TRACE_SAMPLE_RATE = 0.1;
/**
 * The UI-library file the check fetches: the one setting a deployment changes (to its CDN, e.g.
 * `https://static.exchange.example/ui-lib/v1/ui-lib.js`, which the CSP's connect-src must then allow). The demo's
 * reference server serves it on the same origin.
 */
export const CDN_UI_LIB_URL: string = HEADER_API.cdnUiLib;
/** SPEC §7: the message reported. */
export const CDN_ERROR_MESSAGE = 'cdn access error';

/** What the check needs. */
export interface CdnCheckOptions {
  url?: string;
  delayMs?: number;
  fetch(url: string, init: RequestInit): Promise<{ ok: boolean; status: number }>;
  report(report: ErrorReport): Promise<unknown>;
  /** Uniform [0, 1) (Math.random). */
  random(): number;
  /** ms clock (performance.now). */
  now(): number;
  setTimeout(cb: () => void, ms: number): unknown;
  /** Page path for the report. */
  page?: string;
}

/** Fetches the file once; resolves the failure detail, or null when it loaded. */
export async function probeCdn(o: CdnCheckOptions, url: string): Promise<string | null> {
  const controller = new AbortController();
  let timedOut = false;
  o.setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, REQUEST_TIMEOUT_MS);
  try {
    const res = await o.fetch(url, { cache: 'no-store', credentials: 'omit', signal: controller.signal });
    return res.ok ? null : `http ${res.status}`;
  } catch (err) {
    return timedOut ? 'timeout' : `network: ${String(err).slice(0, 200)}`;
  }
}

/** Runs the check now; resolves the report sent, or null when the CDN answered. */
export async function runCdnCheck(o: CdnCheckOptions): Promise<ErrorReport | null> {
  const url = o.url ?? CDN_UI_LIB_URL;
  const started = o.now();
  const detail = await probeCdn(o, url);
  if (detail === null) return null;
  const trace = o.random() < CDN_TRACE_SAMPLE_RATE;
  const report: ErrorReport = {
    message: CDN_ERROR_MESSAGE,
    source: 'cdn-check',
    url,
    trace,
    detail: trace ? `${detail}; ${Math.round(o.now() - started)} ms` : detail,
    ...(o.page ? { page: o.page } : {}),
  };
  try {
    await o.report(report);
  } catch (err) {
    console.warn('[cdn-check] report failed', err);
  }
  return report;
}
