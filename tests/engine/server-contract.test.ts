// The engine against the reference server (server/app.ts) in-process: the wire shapes the server sends pass the
// engine's validation unchanged (no row dropped), tab keys match row categories, and both settle lists load.
import { describe, expect, it } from 'vitest';
import { createApp } from '../../server/app.ts';
import { requestJson } from '../../common/http.ts';
import type { MarketKind } from '../../workers/market/contract.ts';
import { createTestEngine, createFakeServer, qid, TEST_CONFIG } from './harness.ts';
import { csrfPair } from '../server/helpers.ts';

// A token bound to a pre-session id, as a page load hands out (server/csrf.ts).
const { psid: PSID, token: CSRF } = csrfPair();

function engineOverServer() {
  const app = createApp({ pilotRows: 2000 });
  const fetchImpl = ((url: string, init: RequestInit) => app.request(url, init)) as unknown as typeof fetch;
  return createTestEngine(createFakeServer(), {
    fetchJson: (url, o) =>
      requestJson(url, {
        csrfToken: o.csrfToken,
        headers: { ...o.headers, Cookie: `mh_psid=${PSID}; csrf_token=${CSRF}` },
        fetchImpl,
      }),
  });
}

describe('engine ↔ reference server (wire.ts)', () => {
  it('loads every list and its tabs without dropping a row', async () => {
    const { engine, logs } = engineOverServer();
    await engine.init({ ...TEST_CONFIG, csrfToken: CSRF, lang: 'zh', langPrefix: '/zh' });
    for (const kind of ['spot', 'futures', 'pilot', 'premarket'] as MarketKind[]) {
      const tabs = await engine.tabs(kind);
      expect(tabs.length).toBeGreaterThan(0);
      const all = await engine.query({ id: qid(), kind, tab: '', term: '' });
      expect(all).toMatchObject({ status: 'ready', superseded: false });
      expect(all.total).toBeGreaterThan(0);
      for (const tab of tabs) {
        const res = await engine.query({ id: qid(), kind, tab: tab.key, term: '' });
        expect(res.total, `${kind} tab ${tab.key}`).toBeGreaterThan(0);
      }
    }
    const btc = await engine.query({ id: qid(), kind: 'futures', tab: '', term: '', settle: 'BTC' });
    expect(btc.total).toBeGreaterThan(0);
    expect(logs).toEqual([]);
    engine.dispose();
  });
});
