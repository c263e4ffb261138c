/**
 * A global fetch stub answering the market endpoints with the wire fixtures (the real worker calls requestJson, which
 * calls the global fetch). Records the calls. Status/body per path can be overridden.
 */
import { vi } from 'vitest';
import { marketUrl } from '../../common/wire/endpoints';
import {
  envelope,
  preMarketList,
  realContracts,
  realPilot,
  realSpot,
  tabMenus,
} from '../fixtures/market-wire';

const path = (endpoint: string) => endpoint.split('?')[0]!;

/** Installs the stub; returns the call log and the route table (path → [status, body]). */
export function stubMarketFetch() {
  const routes = new Map<string, [number, unknown]>([
    [path(marketUrl('tabs')), [200, envelope(tabMenus())]],
    [path(marketUrl('spot')), [200, envelope(realSpot())]],
    [path(marketUrl('futures')), [200, envelope(realContracts())]],
    [path(marketUrl('pilot')), [200, envelope(realPilot())]],
    [path(marketUrl('premint')), [200, envelope(preMarketList(['ALPHA']))]],
    [path(marketUrl('preMarket')), [200, envelope(preMarketList(['BETA']))]],
  ]);
  const calls: Array<{ url: string; headers: Record<string, string>; credentials?: string }> = [];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    calls.push({
      url: String(url),
      headers: (init?.headers ?? {}) as Record<string, string>,
      credentials: init?.credentials,
    });
    const [status, body] = routes.get(new URL(url).pathname) ?? [404, { code: 404 }];
    return new Response(typeof body === 'string' ? body : JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  });
  return { calls, routes, count: (p: string) => calls.filter((c) => new URL(c.url).pathname === p).length };
}
