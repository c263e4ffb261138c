// @vitest-environment node
// The main-side client (src/markets/engine-client.ts): worker behind a ready handshake, fallback to the same engine
// in-thread (no Worker, CSP, handshake time-out, ?engine=main), restart after a crash once, stale replies dropped.
import '@vitest/web-worker';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createEngineClient, type EngineClientOptions } from '../../src/markets/engine-client.ts';
import type { MarketEngineApi } from '../../workers/market/contract.ts';
import { createInThreadEngine } from '../../workers/market/in-thread.ts';
import { stubMarketFetch } from './stub-fetch.ts';

const CONFIG = { lang: 'en', langPrefix: '', csrfToken: 'tok', origin: 'http://masthead.test' };
const started: Worker[] = [];

function options(overrides: Partial<EngineClientOptions> = {}): EngineClientOptions & { workers: Worker[] } {
  const workers: Worker[] = [];
  return {
    config: () => CONFIG,
    createWorker: () => {
      const w = new Worker(new URL('../../workers/market/market.worker.ts', import.meta.url), {
        type: 'module',
      });
      workers.push(w);
      started.push(w);
      return w;
    },
    loadInThread: async () => createInThreadEngine(),
    forceMain: false,
    log: () => {},
    ...overrides,
    workers,
  };
}

/** A Worker that never answers (a script blocked by CSP that does not even fire 'error'). */
class SilentWorker extends EventTarget {
  postMessage() {}
  terminate() {}
}

afterEach(() => {
  started.splice(0).forEach((w) => w.terminate());
  vi.unstubAllGlobals();
});

async function firstLabel(engine: MarketEngineApi, id: number) {
  await engine.query({ id, kind: 'spot', tab: '', term: 'btc' });
  return (await engine.rows(id, 0, 1))?.rows[0]?.label;
}

describe('engine client', () => {
  it('runs the engine in the worker after the ready handshake', async () => {
    stubMarketFetch();
    const client = createEngineClient(options());
    const engine = await client.ready;
    expect(client.realm()).toBe('worker');
    expect(await firstLabel(engine, 1)).toBe('BTC/USDT');
    expect((await engine.stats()).realm).toBe('worker');
  });

  it('runs the same engine in-thread when the Worker constructor throws (CSP)', async () => {
    stubMarketFetch();
    const client = createEngineClient(
      options({
        createWorker: () => {
          throw new DOMException('blocked by CSP', 'SecurityError');
        },
      }),
    );
    const engine = await client.ready;
    expect(client.realm()).toBe('main');
    expect(await firstLabel(engine, 1)).toBe('BTC/USDT');
    expect((await engine.stats()).realm).toBe('main');
  });

  it('runs in-thread when there is no Worker', async () => {
    stubMarketFetch();
    const client = createEngineClient(options({ createWorker: () => null }));
    await client.ready;
    expect(client.realm()).toBe('main');
  });

  it('runs in-thread when the handshake times out', async () => {
    stubMarketFetch();
    const silent = new SilentWorker();
    const client = createEngineClient(
      options({ createWorker: () => silent as unknown as Worker, initTimeoutMs: 30 }),
    );
    const engine = await client.ready;
    expect(client.realm()).toBe('main');
    expect(await firstLabel(engine, 1)).toBe('BTC/USDT');
  });

  it('never starts a worker with ?engine=main', async () => {
    stubMarketFetch();
    const o = options({ forceMain: true });
    const client = createEngineClient(o);
    await client.ready;
    expect(o.workers).toHaveLength(0);
    expect(client.realm()).toBe('main');
  });

  it('restarts a crashed worker once, then falls back in-thread; calls keep working', async () => {
    stubMarketFetch();
    const o = options();
    const client = createEngineClient(o);
    const engine = await client.ready;
    const events: number[] = [];
    await engine.subscribe((e) => void events.push(e.version));
    expect(await firstLabel(engine, 1)).toBe('BTC/USDT');

    o.workers[0]!.dispatchEvent(new Event('error'));
    expect(await firstLabel(engine, 2)).toBe('BTC/USDT');
    expect(o.workers).toHaveLength(2);
    expect(client.realm()).toBe('worker');

    o.workers[1]!.dispatchEvent(new Event('error'));
    expect(await firstLabel(engine, 3)).toBe('BTC/USDT');
    expect(o.workers).toHaveLength(2);
    expect(client.realm()).toBe('main');
    expect(events.length).toBeGreaterThan(0); // listeners re-attached to each new backend
  });

  it('forwards visibility and refresh to the engine', async () => {
    const server = stubMarketFetch();
    const client = createEngineClient(options({ forceMain: true }));
    const engine = await client.ready;
    await engine.query({ id: 1, kind: 'spot', tab: '', term: '' });
    // The in-thread engine's cache persists (IndexedDB): an earlier test may have filled it, so count from here.
    const before = server.count('/apiw/v2/market/spots');
    await engine.setVisible(false);
    await engine.refresh('spot');
    expect(server.count('/apiw/v2/market/spots')).toBe(before + 1);
  });
});
