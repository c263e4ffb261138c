// The stored first window of each list (src/markets/first-window-cache.ts; SPEC §8 paint from the cache first): a
// round trip, the rules that make an entry count, and hostile or broken entries (deleted, never drawn).
import { describe, expect, it } from 'vitest';
import type { ListRow } from '../../workers/market/contract';
import {
  FIRST_WINDOW_KEY_PREFIX,
  listRowOf,
  readFirstWindow,
  storedFirstWindowTab,
  writeFirstWindow,
} from '../../src/markets/first-window-cache';
import { listRow } from './list-row';

const row = (symbol: string, extra: Partial<ListRow> = {}): ListRow =>
  listRow(symbol, { sub: 'Bitcoin', ...extra });

function memoryStorage() {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
  };
}

describe('stored first windows', () => {
  it('round-trips the rows of a kind for the same inputs and language only', () => {
    const storage = memoryStorage();
    const rows = [row('BTC_USDT'), row('ETH_USDT', { icon: '/icons/eth.png', trend: -1 })];
    writeFirstWindow(storage, 'spot', 'k1', 'en', { tab: 'hot', total: 2345, rows }, 1);
    expect(readFirstWindow(storage, 'spot', 'k1', 'en')).toEqual({ tab: 'hot', total: 2345, rows });
    expect(storedFirstWindowTab(storage, 'spot', 'en')).toBe('hot');
    expect(storedFirstWindowTab(storage, 'spot', 'ar')).toBe('');
    expect(storedFirstWindowTab(storage, 'pilot', 'en')).toBe('');
    expect(readFirstWindow(storage, 'spot', 'k2', 'en')).toBeNull();
    expect(readFirstWindow(storage, 'spot', 'k1', 'ar')).toBeNull();
    expect(readFirstWindow(storage, 'pilot', 'k1', 'en')).toBeNull();
    // Another language or other inputs do not delete the entry: the panel with those inputs still uses it.
    expect(storage.map.has(`${FIRST_WINDOW_KEY_PREFIX}spot`)).toBe(true);
  });

  const hostile: Array<[string, Partial<ListRow>]> = [
    ['a javascript: link', { href: 'javascript:alert(1)' }],
    ['a protocol-relative link', { href: '//evil.example/x' }],
    ['an icon off the allow-list', { icon: 'https://evil.example/i.png' }],
    ['an icon over http', { icon: 'http://static.example/i.png' }],
    ['a number where text goes', { price: 1 as unknown as string }],
    ['a trend that is not a sign', { trend: 2 as unknown as 1 }],
    ['an unknown group', { group: 'x' as unknown as 'premint' }],
  ];
  for (const [name, patch] of hostile) {
    it(`deletes an entry with ${name} and draws nothing from it`, () => {
      const storage = memoryStorage();
      writeFirstWindow(
        storage,
        'spot',
        'k',
        'en',
        { tab: '', total: 2, rows: [row('BTC_USDT'), row('X_USDT', patch)] },
        1,
      );
      expect(readFirstWindow(storage, 'spot', 'k', 'en')).toBeNull();
      expect(storage.map.size).toBe(0);
    });
  }

  it('normalises a same-origin link through the URL policy', () => {
    expect(listRowOf(row('A_USDT', { href: '/trade//A_USDT' }))?.href).toBe('/trade/A_USDT');
  });

  it('deletes broken JSON, an empty window and a total below the rows; survives a throwing storage', () => {
    const storage = memoryStorage();
    const name = `${FIRST_WINDOW_KEY_PREFIX}spot`;
    for (const raw of [
      '{"v":1,',
      JSON.stringify({ v: 1, key: 'k', lang: 'en', savedAt: 1, total: 0, rows: [] }),
      JSON.stringify({
        v: 1,
        key: 'k',
        lang: 'en',
        savedAt: 1,
        total: 1,
        rows: [row('A_USDT'), row('B_USDT')],
      }),
    ]) {
      storage.map.set(name, raw);
      expect(readFirstWindow(storage, 'spot', 'k', 'en')).toBeNull();
      expect(storage.map.has(name)).toBe(false);
    }
    const throwing = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {
        throw new Error('SecurityError');
      },
    };
    expect(readFirstWindow(throwing, 'spot', 'k', 'en')).toBeNull();
    expect(() =>
      writeFirstWindow(throwing, 'spot', 'k', 'en', { tab: '', total: 1, rows: [row('A_USDT')] }, 1),
    ).not.toThrow();
    expect(readFirstWindow(null, 'spot', 'k', 'en')).toBeNull();
    expect(storedFirstWindowTab(throwing, 'spot', 'en')).toBe('');
  });
});
