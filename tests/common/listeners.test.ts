// Listener sets (common/listeners.ts): a failing listener is reported, by default to the console, and never stops
// the others or the emitter.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createListeners } from '../../common/listeners.ts';

afterEach(() => vi.restoreAllMocks());

describe('createListeners', () => {
  it('reports a throwing listener to console.error by default and still calls the rest', () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const set = createListeners<number>();
    const seen: number[] = [];
    const boom = new Error('boom');
    set.add(() => {
      throw boom;
    });
    set.add((n) => void seen.push(n));
    set.emit(1);
    set.emit(2);
    expect(seen).toEqual([1, 2]);
    expect(logged.mock.calls).toEqual([
      ['[listeners]', boom],
      ['[listeners]', boom],
    ]);
  });
});
