// The data-age badge's source and words (src/markets/live-hub.ts, src/markets/DataAge.tsx; ARCHITECTURE.md 'Live
// lists'): the hub takes each list's state and data time from the engine (the statuses it has, then every change)
// and hands the badge one stable object per state; the badge names a time only when one is known, so the pre-market
// list (no ticks: always delayed) says "Delayed" before its first fetch and "Delayed · updated 2 min. ago" after;
// the badge's clock steps just after each 5 s boundary, so an age is under 5 s behind.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LiveStatusEvent } from '../../workers/market/contract.ts';
import { liveHub } from '../../src/markets/live-hub.ts';
import { fakeEngineOf } from './fake-engine.ts';
import { clockNow, dataAgeText, subscribeClock } from '../../src/markets/DataAge.tsx';
import { Translator, type TFunction } from '../../src/i18n/runtime.ts';
import live from '../../src/i18n/locales/en/live.json';
import liveDe from '../../src/i18n/locales/de/live.json';

/** An engine whose live statuses are `initial` and which pushes status events through `emit`. */
function statusEngine(initial: LiveStatusEvent[]) {
  let listener: ((event: LiveStatusEvent) => void) | null = null;
  const engine = fakeEngineOf({
    subscribeLive: async (l) => {
      listener = l;
      return () => (listener = null);
    },
    liveStatuses: async () => initial,
  });
  return { engine, emit: (event: LiveStatusEvent) => listener?.(event) };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const status = (kind: LiveStatusEvent['kind'], state: LiveStatusEvent['state'], updatedAt: number) =>
  ({ type: 'status', kind, state, updatedAt }) as const;

describe('the live hub’s data states', () => {
  it('takes the engine’s statuses, then each change, as one stable object per state', async () => {
    const fetchedAt = Date.UTC(2026, 10, 27, 12, 0);
    const { engine, emit } = statusEngine([
      status('spot', 'live', fetchedAt),
      status('premarket', 'delayed', 0),
    ]);
    const hub = liveHub(engine);
    expect(hub.state('premarket')).toEqual({ state: 'delayed', updatedAt: 0 }); // before the engine answers
    let changes = 0;
    hub.onState(() => changes++);
    await settle();
    expect(hub.state('spot')).toEqual({ state: 'live', updatedAt: fetchedAt });
    const before = hub.state('premarket');
    expect(before).toEqual({ state: 'delayed', updatedAt: 0 });
    const seen = changes;
    emit(status('premarket', 'delayed', 0)); // the same: no change, the same object
    expect(hub.state('premarket')).toBe(before);
    expect(changes).toBe(seen);
    emit(status('premarket', 'delayed', fetchedAt)); // fetched: the time arrives
    expect(hub.state('premarket')).toEqual({ state: 'delayed', updatedAt: fetchedAt });
    expect(changes).toBe(seen + 1);
    expect(hub.state('spot')).toEqual({ state: 'live', updatedAt: fetchedAt }); // other lists untouched
  });
});

describe('the badge’s words', () => {
  const translator = (locale: string) => {
    const i18n = new Translator({
      locale,
      fallbackLocale: 'en',
      resources: { en: { live }, de: { live: liveDe } },
    });
    const t: TFunction = (key, values) => i18n.t(key, values, 'live');
    return t;
  };
  const en = translator('en');
  const at = Date.UTC(2026, 10, 27, 12, 3);

  it('says an age or a clock time only when the data time is known', () => {
    expect(dataAgeText('delayed', 0, at, 'en', en)).toBe('Delayed');
    expect(dataAgeText('offline', 0, at, 'en', en)).toBe('Offline');
    expect(dataAgeText('delayed', at - 120_000, at, 'en', en)).toBe('Delayed · updated 2 min. ago');
    expect(dataAgeText('delayed', at, at, 'en', en)).toBe('Delayed · updated now');
    expect(dataAgeText('offline', at - 60_000, at, 'en-GB', en)).toBe('Offline · prices as of 12:02');
    expect(dataAgeText('live', 0, at, 'en', en)).toBe('Live');
  });

  it('speaks the page locale', () => {
    expect(dataAgeText('delayed', at - 3 * 3_600_000, at, 'de', translator('de'))).toMatch(
      /^Verzögert · .*3 Std\./,
    );
  });
});

describe('the badge’s clock', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('steps just after each 5 s boundary, whenever it was subscribed', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    vi.stubGlobal('window', {
      setTimeout: (cb: () => void, ms: number) => setTimeout(cb, ms),
      clearTimeout: (h: ReturnType<typeof setTimeout>) => clearTimeout(h),
    });
    const start = Date.UTC(2026, 10, 27, 12, 0, 3, 200);
    vi.setSystemTime(start);
    const seen: number[] = [];
    const stop = subscribeClock(() => seen.push(clockNow()));
    expect(clockNow()).toBe(start - 3_200);
    vi.advanceTimersByTime(1_799);
    expect(seen).toEqual([]);
    vi.advanceTimersByTime(1); // 12:00:05
    expect(seen).toEqual([start + 1_800]);
    vi.advanceTimersByTime(10_000);
    expect(seen).toEqual([start + 1_800, start + 6_800, start + 11_800]);
    stop();
    vi.advanceTimersByTime(10_000);
    expect(seen).toHaveLength(3);
  });
});
