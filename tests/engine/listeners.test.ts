// The engine's one event fan-out (common/listeners.ts) and the contract's unsubscribe: a removed listener gets no
// further event, a throwing or rejecting listener is dropped without stopping the others, and the engine's
// `subscribe` resolves with the function that removes its listener.
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

  it('drops a listener that throws or rejects; the others still get every event', async () => {
    const events = createListeners<number>();
    const got: number[] = [];
    let thrown = 0;
    let rejected = 0;
    events.add(() => {
      thrown++;
      throw new Error('gone');
    });
    events.add(() => {
      rejected++;
      return Promise.reject(new Error('port closed')) as unknown as void;
    });
    events.add((n) => void got.push(n));
    events.emit(1);
    await flush();
    events.emit(2);
    expect(got).toEqual([1, 2]);
    expect([thrown, rejected]).toEqual([1, 1]);
    events.clear();
    events.emit(3);
    expect(got).toEqual([1, 2]);
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
