// webStorage (src/lib/web-storage.ts): the storage when it is there, null when absent or blocked (SPEC §8).
import { afterEach, describe, expect, it } from 'vitest';
import { webStorage } from '../../src/lib/web-storage.ts';

const original = Object.getOwnPropertyDescriptor(globalThis, 'sessionStorage');

afterEach(() => {
  if (original) Object.defineProperty(globalThis, 'sessionStorage', original);
  else delete (globalThis as { sessionStorage?: Storage }).sessionStorage;
});

describe('webStorage', () => {
  it('returns the storage when it is there', () => {
    const store = { getItem: () => 'x' } as unknown as Storage;
    Object.defineProperty(globalThis, 'sessionStorage', { value: store, configurable: true });
    expect(webStorage('sessionStorage')).toBe(store);
  });
  it('returns null when access throws (privacy mode) or the storage is absent (server render)', () => {
    Object.defineProperty(globalThis, 'sessionStorage', {
      get() {
        throw new DOMException('blocked', 'SecurityError');
      },
      configurable: true,
    });
    expect(webStorage('sessionStorage')).toBeNull();
    Object.defineProperty(globalThis, 'sessionStorage', { value: undefined, configurable: true });
    expect(webStorage('sessionStorage')).toBeNull();
  });
});
