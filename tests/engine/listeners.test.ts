// The engine's one event fan-out (common/listeners.ts) and the contract's unsubscribe: a removed listener gets no
// further event, a throwing or rejecting listener is dropped (dropOnFailure: the engine's sets) or kept and reported
// (the page's) without stopping the others, and the engine's `subscribe` resolves with the function that removes
// its listener.
import { describe, expect, it } from 'vitest';
import { createListeners } from '../../common/listeners.ts';
import type { VersionEvent } from '../../workers/market/contract.ts';
import { createFakeServer, createTestEngine, qid, TEST_CONFIG } from './harness.ts';

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('createListeners', () => {
  it('calls each listener once per event until it is removed; removing twice is harmless', () => {
    const events = createListeners<number>();
    const a: number[] = [];
    const b: number[] = [];
    const offA = events.add((n) => void a.push(n));
    events.add((n) => void b.push(n));
    events.emit(1);
    offA();
    offA();
    events.emit(2);
    expect(a).toEqual([1]);
    expect(b).toEqual([1, 2]);
  });

  /** A set with a listener that throws, one that rejects and one that records; the failures it reported. */
  function failing(options: Parameters<typeof createListeners>[0]) {
    const events = createListeners<number>(options);
    const got: number[] = [];
    const calls = { thrown: 0, rejected: 0 };
    events.add(() => {
      calls.thrown++;
      throw new Error('gone');
    });
    events.add(() => {
      calls.rejected++;
      return Promise.reject(new Error('port closed')) as unknown as void;
    });
    events.add((n) => void got.push(n));
    return { events, got, calls };
  }

  it('with dropOnFailure, drops a listener that throws or rejects; the others still get every event', async () => {
    const { events, got, calls } = failing({ dropOnFailure: true, onError: () => expect.fail('reported') });
    events.emit(1);
    await flush();
    events.emit(2);
    expect(got).toEqual([1, 2]);
    expect(calls).toEqual({ thrown: 1, rejected: 1 });
    events.clear();
    events.emit(3);
    expect(got).toEqual([1, 2]);
  });

  it('by default keeps a failing listener and reports each failure; a failing report does not escape', async () => {
    const reported: string[] = [];
    const { events, got, calls } = failing({ onError: (e) => void reported.push((e as Error).message) });
    events.emit(1);
    await flush();
    events.emit(2);
    await flush();
    expect(got).toEqual([1, 2]);
    expect(calls).toEqual({ thrown: 2, rejected: 2 });
    expect(reported.sort()).toEqual(['gone', 'gone', 'port closed', 'port closed']);
    const loud = failing({
      onError: () => {
        throw new Error('report failed');
      },
    });
    expect(() => loud.events.emit(1)).not.toThrow();
    expect(loud.got).toEqual([1]);
  });
});

describe('engine subscribe', () => {
  it('resolves with the unsubscribe: after it, a refresh reaches only the listeners still subscribed', async () => {
    const { engine } = createTestEngine(createFakeServer());
    await engine.init(TEST_CONFIG);
    const kept: VersionEvent[] = [];
    const removed: VersionEvent[] = [];
    await engine.subscribe((e) => void kept.push(e));
    const off = await engine.subscribe((e) => void removed.push(e));
    await engine.query({ id: qid(), kind: 'spot', tab: '', term: '' });
    const before = removed.length;
    expect(before).toBeGreaterThan(0);
    off();
    await engine.refresh('spot');
    expect(kept.length).toBeGreaterThan(before);
    expect(removed.length).toBe(before);
    engine.dispose();
  });
});
