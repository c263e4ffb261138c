/**
 * The main-thread tasks of a Lighthouse run's trace that count towards total blocking time (`npm run lighthouse`
 * with LH_TRACE=1): Lighthouse's simulation multiplies each observed task by the CPU slowdown (4 on mobile), so a
 * task longer than 50 / 4 = 12.5 ms observed blocks after the first paint. For each such task: when it started
 * (ms after navigation start), how long it ran (observed), and its longest events, so a report names what blocks.
 */

/** A Chrome trace event (the fields read here). */
export interface TraceEvent {
  name: string;
  ph?: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { data?: Record<string, unknown>; beginData?: Record<string, unknown> } & Record<string, unknown>;
}

/** One long task: start and duration in ms (observed), and its longest inner events (name, ms, detail). */
export interface LongTask {
  atMs: number;
  durMs: number;
  top: { name: string; ms: number; detail: string }[];
}

/** Events that only wrap others (the scheduler's, the loader's): not named as causes. */
const WRAPPERS =
  /^(RunTask|ThreadControllerImpl::RunTask|AsyncTask Run|PendingScript::|HTMLDocumentParser::|BlinkScheduler_|Receive mojo|SimpleWatcher|TimerBase::run|v8\.callFunction|LocalFrameView::|Blink\.|DocumentLoader::)/;

/**
 * The tasks of the page's main thread (the renderer thread that had the navigation) over `minMs` observed, in start
 * order, each with up to `topN` of its longest non-wrapper events. Pure.
 */
export function longTasks(events: readonly TraceEvent[], minMs = 12.5, topN = 4): LongTask[] {
  const nav = events.find(
    (e) =>
      e.name === 'navigationStart' &&
      typeof e.args?.data?.documentLoaderURL === 'string' &&
      (e.args.data.documentLoaderURL as string).startsWith('http'),
  );
  if (!nav) return [];
  const onMain = events.filter((e) => e.pid === nav.pid && e.tid === nav.tid && e.dur !== undefined);
  return onMain
    .filter((e) => e.name === 'RunTask' && e.dur! >= minMs * 1000 && e.ts >= nav.ts)
    .sort((a, b) => a.ts - b.ts)
    .map((task) => {
      const inner = onMain.filter(
        (e) =>
          e !== task && e.ts >= task.ts && e.ts + e.dur! <= task.ts + task.dur! && !WRAPPERS.test(e.name),
      );
      const top = inner
        .sort((a, b) => b.dur! - a.dur!)
        .slice(0, topN)
        .map((e) => {
          const data = e.args?.data ?? e.args?.beginData ?? {};
          const detail = String(data.url ?? data.functionName ?? data.type ?? '').replace(
            /^https?:\/\/[^/]+/,
            '',
          );
          return { name: e.name, ms: Math.round(e.dur! / 100) / 10, detail };
        });
      return { atMs: Math.round((task.ts - nav.ts) / 1000), durMs: Math.round(task.dur! / 100) / 10, top };
    });
}
