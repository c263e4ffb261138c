// CDN check (src/extras/cdn-check.ts, cdn-check-schedule.ts, SPEC §7, §9): its code loaded and run 5,000 ms after
// load; a failed, non-2xx or slow fetch
// reports 'cdn access error'; a trace rides along on a 0.1 sample (Math.random injected); success reports nothing.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ErrorReport } from '../../common/wire/header.ts';
import { CDN_CHECK_DELAY_MS, scheduleCdnCheck } from '../../src/extras/cdn-check-schedule.ts';
import {
  CDN_ERROR_MESSAGE,
  CDN_TRACE_SAMPLE_RATE,
  CDN_UI_LIB_URL,
  runCdnCheck,
  type CdnCheckOptions,
} from '../../src/extras/cdn-check.ts';
import { chatWindowFeatures, chatRoomHref } from '../../src/extras/chat-room.ts';

function options(over: Partial<CdnCheckOptions> = {}) {
  const reports: ErrorReport[] = [];
  const o: CdnCheckOptions = {
    fetch: async () => ({ ok: true, status: 200 }),
    report: async (r) => void reports.push(r),
    random: () => 0.5,
    now: () => Date.now(),
    setTimeout: (cb, ms) => setTimeout(cb, ms),
    ...over,
  };
  return { o, reports };
}

describe('CDN check (SPEC §7, §9)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs 5,000 ms after it is scheduled, not before', async () => {
    const fetch = vi.fn(async () => ({ ok: true, status: 200 }));
    scheduleCdnCheck(options({ fetch }).o);
    await vi.advanceTimersByTimeAsync(CDN_CHECK_DELAY_MS - 1);
    expect(fetch).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(fetch).toHaveBeenCalledWith(CDN_UI_LIB_URL, expect.objectContaining({ cache: 'no-store' }));
  });

  it('loads the check only when it is due; a failed load is logged and skips it', async () => {
    const fetch = vi.fn(async () => ({ ok: false, status: 503 }));
    const load = vi.fn(async () => Promise.reject(new Error('chunk 404')));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    scheduleCdnCheck(options({ fetch }).o, load);
    await vi.advanceTimersByTimeAsync(CDN_CHECK_DELAY_MS - 1);
    expect(load).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(load).toHaveBeenCalledTimes(1);
    expect(fetch).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('[cdn-check]'), expect.any(Error));
    warn.mockRestore();
  });

  it('reports nothing when the file loads', async () => {
    const { o, reports } = options();
    expect(await runCdnCheck(o)).toBeNull();
    expect(reports).toEqual([]);
  });

  it.each([
    ['a network error', async () => Promise.reject(new TypeError('Failed to fetch')), /^network: /],
    ['a 503', async () => ({ ok: false, status: 503 }), /^http 503$/],
  ])("reports 'cdn access error' on %s", async (_, fetch, detail) => {
    const { o, reports } = options({ fetch });
    await runCdnCheck(o);
    expect(reports).toHaveLength(1);
    expect(reports[0]).toMatchObject({
      message: CDN_ERROR_MESSAGE,
      source: 'cdn-check',
      url: CDN_UI_LIB_URL,
    });
    expect(reports[0]!.detail).toMatch(detail);
  });

  it('reports a fetch slower than the 4 s request time-out as a timeout', async () => {
    const { o, reports } = options({
      fetch: (_url, init) =>
        new Promise((_resolve, reject) =>
          init.signal!.addEventListener('abort', () => reject(new Error('aborted'))),
        ),
    });
    const done = runCdnCheck(o);
    await vi.advanceTimersByTimeAsync(4000);
    await done;
    expect(reports[0]!.detail).toBe('timeout');
  });

  it('attaches a trace below the 0.1 sample rate and not at or above it', async () => {
    const failing = async () => ({ ok: false, status: 500 });
    const below = options({ fetch: failing, random: () => CDN_TRACE_SAMPLE_RATE - 0.0001 });
    const at = options({ fetch: failing, random: () => CDN_TRACE_SAMPLE_RATE });
    await runCdnCheck(below.o);
    await runCdnCheck(at.o);
    expect(below.reports[0]).toMatchObject({
      trace: true,
      detail: expect.stringMatching(/^http 500; \d+ ms$/),
    });
    expect(at.reports[0]).toMatchObject({ trace: false, detail: 'http 500' });
  });

  it('samples about 10 % of reports over many failures', async () => {
    let seed = 7;
    const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
    const { o, reports } = options({ fetch: async () => ({ ok: false, status: 500 }), random });
    for (let i = 0; i < 2000; i++) await runCdnCheck(o);
    const share = reports.filter((r) => r.trace).length / reports.length;
    expect(share).toBeGreaterThan(0.08);
    expect(share).toBeLessThan(0.12);
  });

  it('swallows a failing report call (SPEC §8)', async () => {
    const { o } = options({
      fetch: async () => ({ ok: false, status: 500 }),
      report: async () => Promise.reject(new Error('down')),
    });
    await expect(runCdnCheck(o)).resolves.toMatchObject({ message: CDN_ERROR_MESSAGE });
  });
});

describe('chat-room opener (SPEC §2 /groupchat/service?platform=web)', () => {
  it('links under the language prefix', () => {
    expect(chatRoomHref('')).toBe('/groupchat/service?platform=web');
    expect(chatRoomHref('/ar')).toBe('/ar/groupchat/service?platform=web');
  });
  it('opens a sized, centred window without an opener', () => {
    expect(chatWindowFeatures(1440, 900)).toBe(
      'popup,noopener,noreferrer,width=420,height=640,left=510,top=130',
    );
    expect(chatWindowFeatures(300, 300)).toContain('left=0,top=0');
  });
});
