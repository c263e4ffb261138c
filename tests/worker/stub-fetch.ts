/**
 * A global fetch stub answering the market endpoints with the wire fixtures (the real worker calls requestJson, which
 * calls the global fetch). Records the calls. Status/body per path can be overridden, and a path can be given one of
 * the fault matrix's HTTP faults (e2e/faults/table.ts HttpFault): every fault but `network` is answered by the
 * reference server's own fault middleware (server/faults.ts injectFaults, through a Hono app in front of the fixture),
 * so the worker meets exactly what the e2e server sends; `network` rejects as a failed fetch does (a Playwright route
 * abort in the browser). Like a real fetch, a call rejects with an AbortError when its signal aborts (the 4,000 ms
 * client time-out of common/http.ts), even while a `slow` answer is still being delayed.
 */
import { vi } from 'vitest';
import { Hono } from 'hono';
import { marketUrl } from '../../common/wire/endpoints.ts';
import { injectFaults } from '../../server/faults.ts';
import type { HttpFault } from '../../e2e/faults/table.ts';
import {
  envelope,
  preMarketList,
  realContracts,
  realPilot,
  realSpot,
  tabMenus,
} from '../fixtures/market-wire.ts';

const path = (endpoint: string) => endpoint.split('?')[0]!;

/** An AbortSignal's reason as fetch rejects with it. */
const abortError = (signal: AbortSignal) =>
  signal.reason instanceof Error
    ? signal.reason
    : new DOMException('The operation was aborted.', 'AbortError');

/** Installs the stub; returns the call log, the route table (path → [status, body]) and the faults (path → fault). */
export function stubMarketFetch() {
  const routes = new Map<string, [number, unknown]>([
    [path(marketUrl('tabs')), [200, envelope(tabMenus())]],
    [path(marketUrl('spot')), [200, envelope(realSpot())]],
    [path(marketUrl('futures')), [200, envelope(realContracts())]],
    [path(marketUrl('pilot')), [200, envelope(realPilot())]],
    [path(marketUrl('premint')), [200, envelope(preMarketList(['ALPHA']))]],
    [path(marketUrl('preMarket')), [200, envelope(preMarketList(['BETA']))]],
  ]);
  const faults = new Map<string, HttpFault>();
  // The fixture route behind the server's fault middleware (the e2e server mounts it the same way, server/app.ts).
  const app = new Hono().use('*', injectFaults).all('*', (c) => {
    const [status, body] = routes.get(c.req.path) ?? [404, { code: 404 }];
    return new Response(typeof body === 'string' ? body : JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  });
  /** Each call: its URL, headers, credentials mode and `at`, Date.now() when sent (ms; fake when Date is faked). */
  const calls: Array<{ url: string; headers: Record<string, string>; credentials?: string; at: number }> = [];
  /** Calls sent and not yet answered (a `slow` fault waiting for its delay or its abort). */
  let pending = 0;
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    calls.push({
      url: String(url),
      headers: (init?.headers ?? {}) as Record<string, string>,
      credentials: init?.credentials,
      at: Date.now(),
    });
    const signal = init?.signal ?? undefined;
    if (signal?.aborted) throw abortError(signal);
    const fault = faults.get(new URL(url).pathname);
    if (fault === 'network') throw new TypeError('fetch failed');
    const answer = Promise.resolve(
      app.request(
        String(url),
        fault ? { headers: { 'X-MH-Faults': `${new URL(url).pathname}=${fault}` } } : {},
      ),
    );
    pending++;
    try {
      if (!signal) return await answer;
      return await new Promise<Response>((resolve, reject) => {
        signal.addEventListener('abort', () => reject(abortError(signal)), { once: true });
        answer.then(resolve, reject);
      });
    } finally {
      pending--;
    }
  });
  return {
    calls,
    routes,
    faults,
    count: (p: string) => calls.filter((c) => new URL(c.url).pathname === p).length,
    pending: () => pending,
  };
}

/** The stub's handle (see stubMarketFetch). */
export type MarketServer = ReturnType<typeof stubMarketFetch>;
