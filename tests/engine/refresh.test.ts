// Refresh (SPEC §9: contracts every 600,000 ms): the timer, pausing while the page is hidden, and catching up.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REFRESH_MS } from '../../workers/market/config.ts';
import type { VersionEvent } from '../../workers/market/contract.ts';
import { RETRY_AFTER_FAILURE_MS } from '../../workers/market/source-store.ts';
import { createFakeServer, createTestEngine, fail, PATHS, qid, TEST_CONFIG } from './harness.ts';

beforeEach(() => void vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] }));
afterEach(() => void vi.useRealTimers());

async function loaded(kind: 'futures' | 'spot' = 'futures') {
  const server = createFakeServer();
  const { engine } = createTestEngine(server);
  await engine.init(TEST_CONFIG);
  const events: VersionEvent[] = [];
  await engine.subscribe((e) => void events.push(e));
  await engine.query({ id: qid(), kind, tab: '', term: '' });
  return { server, engine, events };
}

describe('refresh timer (SPEC §9)', () => {
  it('refetches contracts every REFRESH_MS and pushes a new version', async () => {
    const { server, engine, events } = await loaded();
    expect(server.count(PATHS.futures)).toBe(1);
    await vi.advanceTimersByTimeAsync(REFRESH_MS - 1);
    expect(server.count(PATHS.futures)).toBe(1);
    const before = events.length;
    await vi.advanceTimersByTimeAsync(1);
    expect(server.count(PATHS.futures)).toBe(2);
    expect(events.slice(before)).toEqual([expect.objectContaining({ kind: 'futures', status: 'ready' })]);
    await vi.advanceTimersByTimeAsync(REFRESH_MS);
    expect(server.count(PATHS.futures)).toBe(3);
    engine.dispose();
  });

  it('has no timer for spot, but revalidates it on use once the data is older than the period', async () => {
    const { server, engine } = await loaded('spot');
    await vi.advanceTimersByTimeAsync(3 * REFRESH_MS);
    expect(server.count(PATHS.spot)).toBe(1);
    await engine.query({ id: qid(), kind: 'spot', tab: '', term: 'btc' });
    await vi.advanceTimersByTimeAsync(0);
    expect(server.count(PATHS.spot)).toBe(2);
    engine.dispose();
  });

  it('pauses while the page is hidden and catches up at once when shown', async () => {
    const { server, engine } = await loaded();
    await engine.setVisible(false);
    await vi.advanceTimersByTimeAsync(3 * REFRESH_MS);
    expect(server.count(PATHS.futures)).toBe(1);
    await engine.setVisible(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(server.count(PATHS.futures)).toBe(2);
    await vi.advanceTimersByTimeAsync(REFRESH_MS);
    expect(server.count(PATHS.futures)).toBe(3);
    engine.dispose();
  });

  it('does not arm a refresh scheduled while the page is hidden until it is shown', async () => {
    const server = createFakeServer();
    const { engine } = createTestEngine(server);
    await engine.init(TEST_CONFIG);
    await engine.setVisible(false);
    await engine.query({ id: qid(), kind: 'futures', tab: '', term: '' });
    await vi.advanceTimersByTimeAsync(2 * REFRESH_MS);
    expect(server.count(PATHS.futures)).toBe(1);
    await engine.setVisible(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(server.count(PATHS.futures)).toBe(2);
    engine.dispose();
  });

  it('keeps the original due time when shown again before it', async () => {
    const { server, engine } = await loaded();
    await vi.advanceTimersByTimeAsync(100_000);
    await engine.setVisible(false);
    await vi.advanceTimersByTimeAsync(100_000);
    await engine.setVisible(true);
    await vi.advanceTimersByTimeAsync(REFRESH_MS - 200_001);
    expect(server.count(PATHS.futures)).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.count(PATHS.futures)).toBe(2);
    engine.dispose();
  });

  it('after a failed refresh waits a full period instead of retrying in a loop', async () => {
    const { server, engine, events } = await loaded();
    server.routes.set(PATHS.futures, fail('http', 503));
    await vi.advanceTimersByTimeAsync(REFRESH_MS);
    expect(server.count(PATHS.futures)).toBe(2);
    expect(events.at(-1)).toMatchObject({ kind: 'futures', status: 'stale' });
    await vi.advanceTimersByTimeAsync(Math.min(RETRY_AFTER_FAILURE_MS, REFRESH_MS) - 1);
    expect(server.count(PATHS.futures)).toBe(2);
    await vi.advanceTimersByTimeAsync(REFRESH_MS);
    expect(server.count(PATHS.futures)).toBe(3);
    engine.dispose();
  });
});
