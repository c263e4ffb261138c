/**
 * Refresh timers (SPEC §9: contracts every REFRESH_MS). A hidden page pauses them; when it is shown again, overdue
 * refreshes run at once (catch-up) and the others are re-armed for their due time. Pure apart from the passed timers.
 */

/** The scheduler the engine drives. */
export interface RefreshScheduler {
  /** Runs `key` at `dueAt` (ms since epoch), replacing an earlier schedule of `key`. */
  schedule(key: string, dueAt: number): void;
  /** Drops every schedule. */
  clear(): void;
  /** Hidden: timers stop. Shown: overdue keys run now, the rest are re-armed. */
  setVisible(visible: boolean): void;
  /** True while the page is visible. */
  visible(): boolean;
}

/** Options: the clock, timers and what to run. */
export interface RefreshOptions {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  run(key: string): void;
}

/** Builds the scheduler (visible at start). */
export function createRefreshScheduler(o: RefreshOptions): RefreshScheduler {
  const due = new Map<string, number>();
  const timers = new Map<string, unknown>();
  let isVisible = true;

  const disarm = (key: string) => {
    if (timers.has(key)) o.clearTimeout(timers.get(key));
    timers.delete(key);
  };
  const arm = (key: string) => {
    disarm(key);
    const at = due.get(key);
    if (at === undefined || !isVisible) return;
    const fire = () => {
      timers.delete(key);
      due.delete(key);
      o.run(key);
    };
    timers.set(key, o.setTimeout(fire, Math.max(0, at - o.now())));
  };

  return {
    schedule(key, dueAt) {
      due.set(key, dueAt);
      arm(key);
    },
    clear() {
      for (const key of [...timers.keys()]) disarm(key);
      due.clear();
    },
    setVisible(visible) {
      if (visible === isVisible) return;
      isVisible = visible;
      for (const key of [...due.keys()]) {
        if (visible) arm(key);
        else disarm(key);
      }
    },
    visible: () => isVisible,
  };
}
