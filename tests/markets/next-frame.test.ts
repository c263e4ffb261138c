// The page's nextFrame (src/markets/next-frame.ts, SPEC §9 overscan rows): callbacks asked for before a frame run
// together, in order, from the callback of the frame after it; one that throws does not stop the others.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { inNextFrame } from '../../src/markets/next-frame.ts';

/** A fake requestAnimationFrame: `frame()` runs the callbacks asked for before it, as a browser frame does. */
function frames() {
  let queue: Array<() => void> = [];
  vi.stubGlobal('requestAnimationFrame', (cb: () => void) => queue.push(cb));
  return {
    frame() {
      const run = queue;
      queue = [];
      run.forEach((cb) => cb());
    },
  };
}

describe('inNextFrame', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('runs in the frame after the next one, callbacks of one frame together and in order', () => {
    const f = frames();
    const ran: string[] = [];
    inNextFrame(() => ran.push('a'));
    inNextFrame(() => ran.push('b'));
    f.frame(); // the next frame draws what was written before it
    expect(ran).toEqual([]);
    inNextFrame(() => ran.push('c')); // asked after that frame: drawn first by the next one, run in the one after
    f.frame();
    expect(ran).toEqual(['a', 'b']);
    f.frame();
    expect(ran).toEqual(['a', 'b', 'c']);
    f.frame();
    expect(ran).toEqual(['a', 'b', 'c']);
  });

  it('logs a callback that throws and still runs the others', () => {
    const f = frames();
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const ran: string[] = [];
    inNextFrame(() => {
      throw new Error('boom');
    });
    inNextFrame(() => ran.push('after'));
    f.frame();
    f.frame();
    expect(ran).toEqual(['after']);
    expect(errors).toHaveBeenCalledOnce();
  });
});
