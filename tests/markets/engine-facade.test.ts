// The page's engine facade (src/markets/engine-client.ts createEngineClient), generated from the contract's method
// list (workers/market/contract.ts ENGINE_METHODS): every method reaches the backend with its arguments and its
// answer comes back; the version listeners fan out on the page; live events have one receiver, the latest.
import { describe, expect, it } from 'vitest';
import { createEngineClient } from '../../src/markets/engine-client.ts';
import {
  ENGINE_METHODS,
  type LiveRowsEvent,
  type LiveStatusEvent,
  type MarketEngineApi,
  type VersionEvent,
} from '../../workers/market/contract.ts';
import { fakeEngineOf } from './fake-engine.ts';

const CONFIG = { lang: 'en', langPrefix: '', csrfToken: 't', origin: 'http://masthead.test' };

/** A client over an in-thread fake that records each call and answers with the method's name. */
async function setup() {
  const calls: Array<[string, unknown[]]> = [];
  let version: ((e: VersionEvent) => void) | null = null;
  let live: ((e: LiveRowsEvent | LiveStatusEvent) => void) | null = null;
  const own: Record<string, (...args: unknown[]) => Promise<unknown>> = {};
  for (const method of ENGINE_METHODS)
    own[method] = async (...args: unknown[]) => (calls.push([method, args]), `${method} answered`);
  own.subscribe = async (l) => ((version = l as typeof version), () => {});
  own.subscribeLive = async (l) => ((live = l as typeof live), () => {});
  const backend = fakeEngineOf(own as Partial<MarketEngineApi>);
  const client = createEngineClient({
    config: () => CONFIG,
    createWorker: () => null,
    loadInThread: async () => backend,
    forceMain: true,
    log: () => {},
  });
  await client.ready;
  return { client, calls, version: () => version!, live: () => live! };
}

describe('engine facade', () => {
  it('has every method of the list, each forwarding its arguments and answer', async () => {
    const t = await setup();
    const forwarded = ENGINE_METHODS.filter((m) => m !== 'subscribe' && m !== 'subscribeLive');
    for (const method of forwarded) {
      const call = t.client.engine[method] as (...args: unknown[]) => Promise<unknown>;
      expect(await call('a', 2)).toBe(`${method} answered`);
    }
    expect(t.calls.filter(([m]) => m !== 'init')).toEqual(
      forwarded.filter((m) => m !== 'init').map((m) => [m, ['a', 2]]),
    );
    expect(Object.keys(t.client.engine).sort()).toEqual([...ENGINE_METHODS].sort());
  });

  it('fans version events out to every page listener; live events go to the one receiver', async () => {
    const t = await setup();
    const seen: string[] = [];
    await t.client.engine.subscribe(() => seen.push('v1'));
    const off = await t.client.engine.subscribe(() => seen.push('v2'));
    t.version()({ kind: 'spot', version: 1, status: 'ready' });
    off();
    t.version()({ kind: 'spot', version: 2, status: 'ready' });
    expect(seen).toEqual(['v1', 'v2', 'v1']);

    const first: string[] = [];
    const second: string[] = [];
    const offFirst = await t.client.engine.subscribeLive((e) => first.push(e.kind));
    await t.client.engine.subscribeLive((e) => second.push(e.kind));
    offFirst(); // an old receiver's unsubscribe leaves the newer one
    t.live()({ type: 'status', kind: 'pilot', state: 'live', updatedAt: 1 });
    expect(first).toEqual([]);
    expect(second).toEqual(['pilot']);
  });
});
