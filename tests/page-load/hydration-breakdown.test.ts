// The hydration benchmark's report (scripts/hydration-breakdown.ts): medians and the per-pair table of
// scripts/hydration-timing.ts, and the main-thread breakdown of a trace between the first paint and the hydrated
// header.
import { describe, expect, it } from 'vitest';
import { hydrationBreakdown, median, pairsTable, partOf } from '../../scripts/hydration-breakdown.ts';
import type { TraceEvent } from '../../scripts/lighthouse-tasks.ts';

describe('median', () => {
  it('takes the middle value, the mean of the middle two for an even count, and skips non-numbers', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([Number.NaN, 5])).toBe(5);
    expect(median([])).toBeNaN();
  });
});

describe('pairsTable', () => {
  it('prints per pair the app FCP, hydrated − FCP, modules − FCP, the copy FCP and the floor, then the medians', () => {
    const table = pairsTable([
      { appFcp: 600, appHydrated: 1000, appModules: 700, copyFcp: 590, floorFcp: 580, floorHydrated: 900 },
      { appFcp: 640, appHydrated: 1200, appModules: 900, copyFcp: 610, floorFcp: 600, floorHydrated: 950 },
      {
        appFcp: 620,
        appHydrated: 1050,
        appModules: Number.NaN,
        copyFcp: 600,
        floorFcp: 610,
        floorHydrated: 1010,
      },
    ]);
    const lines = table.split('\n');
    expect(lines[0]).toBe(
      '| pair | app FCP | app hydrated − FCP | app modules fetched − FCP | no-script FCP | React floor hydrated − FCP |',
    );
    expect(lines[2]).toBe('| 1 | 600 | 400 | 100 | 590 | 320 |');
    expect(lines[4]).toBe('| 3 | 620 | 430 | — | 600 | 400 |');
    expect(lines[5]).toBe('| **median** | **620** | **430** | **180** | **600** | **350** |');
  });
});

describe('hydrationBreakdown', () => {
  const nav = {
    name: 'navigationStart',
    ts: 0,
    pid: 1,
    tid: 1,
    args: { data: { documentLoaderURL: 'http://127.0.0.1/' } },
  };
  /** A main-thread task at `atMs` lasting `ms`, with inner events named `inner` (FunctionCall urls after `:`). */
  const task = (atMs: number, ms: number, ...inner: string[]): TraceEvent[] => [
    { name: 'RunTask', ts: atMs * 1000, dur: ms * 1000, pid: 1, tid: 1 },
    ...inner.map((n) => {
      const [name, url] = n.split('|');
      return { name: name!, ts: atMs * 1000, dur: ms * 500, pid: 1, tid: 1, args: { data: { url } } };
    }),
  ];

  it('sums the tasks that start between the paint and the hydrated header per part; the rest is waiting', () => {
    const events = [
      nav,
      ...task(50, 30, 'v8.evaluateModule'), // before the paint: not counted
      ...task(100, 40, 'v8.evaluateModule'),
      ...task(150, 20, 'RunMicrotasks'),
      ...task(180, 60, 'FunctionCall|http://127.0.0.1/assets/react-AbC1.js'),
      ...task(250, 10, 'WebFrameWidgetImpl::UpdateLifecycle'),
      ...task(270, 5, 'FireIdleCallback'),
      ...task(280, 5, 'SomethingElse'),
      ...task(290, 30, 'RunMicrotasks'), // cut at the hydrated header (300)
      { ...task(200, 50, 'RunTask')[0]!, tid: 2 }, // another thread
    ];
    const b = hydrationBreakdown(events, 100, 300);
    expect(b.parts).toEqual({
      'module fetch and compile': 0,
      'module evaluation': 40,
      'start-up (i18n, React DOM, root)': 30,
      'React render and commit': 60,
      'style, layout, paint': 10,
      'timers and idle callbacks': 5,
      other: 5,
    });
    expect(b.windowMs).toBe(200);
    expect(b.waitingMs).toBe(50);
  });

  it('is all waiting without a page navigation in the trace', () => {
    const b = hydrationBreakdown(task(100, 40, 'v8.evaluateModule'), 0, 200);
    expect(b.waitingMs).toBe(200);
    expect(Object.values(b.parts).every((v) => v === 0)).toBe(true);
  });

  it('puts a task in the part of its heaviest kind of work, module evaluation first', () => {
    const react = /react-\w+\.js$/;
    expect(partOf(new Set(['v8.evaluateModule', 'RunMicrotasks']), new Set(), react)).toBe(
      'module evaluation',
    );
    expect(partOf(new Set(['v8.compileModule']), new Set(), react)).toBe('module fetch and compile');
    expect(partOf(new Set(['RunMicrotasks']), new Set(['/assets/react-x.js']), react)).toBe(
      'React render and commit',
    );
  });
});
