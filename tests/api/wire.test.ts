// The schema-chunk loader (src/api/wire.ts): one load per chunk, a failed load is a failed call (SPEC §8) and is
// retried by the next call; the chunks validate as the schemas do.
import { describe, expect, it, vi } from 'vitest';
import { messagesWire, wireChunk, withWire } from '../../src/api/wire.ts';

describe('wireChunk', () => {
  it('loads a chunk once for every caller', async () => {
    const load = vi.fn(async () => ({ n: 1 }));
    const loader = wireChunk(load);
    const [a, b] = await Promise.all([loader(), loader()]);
    await loader();
    expect(a).toBe(b);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('does not keep a failed load: the next call retries', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('chunk 404')).mockResolvedValueOnce({ n: 2 });
    const loader = wireChunk(load);
    await expect(loader()).rejects.toThrow('chunk 404');
    await expect(loader()).resolves.toEqual({ n: 2 });
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('withWire', () => {
  it('reads the answer with the loaded chunk', async () => {
    const out = await withWire(
      async () => ({ double: (x: number) => 2 * x }),
      Promise.resolve(21),
      -1,
      't',
      (r, w) => w.double(r),
    );
    expect(out).toBe(42);
  });

  it('gives the fallback and logs when the chunk cannot be loaded (SPEC §8)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const read = vi.fn(() => 'read');
    const out = await withWire(
      () => Promise.reject(new Error('offline')),
      Promise.resolve('answer'),
      'fallback',
      'announcement',
      read,
    );
    expect(out).toBe('fallback');
    expect(read).not.toHaveBeenCalled();
    expect(warn.mock.calls[0]?.[0]).toContain('announcement');
    warn.mockRestore();
  });

  it('the messages chunk validates a bulletin and rejects a malformed one', async () => {
    const w = await messagesWire();
    const good = { ok: true as const, status: 200, body: { code: 200, data: { announcement: null } } };
    expect(w.dataOr(good, w.Bulletin, 'fallback', 'announcement')).toEqual({ announcement: null });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const bad = { ok: true as const, status: 200, body: { code: 200, data: { announcement: 42 } } };
    expect(w.dataOr(bad, w.Bulletin, 'fallback', 'announcement')).toBe('fallback');
    warn.mockRestore();
  });
});
