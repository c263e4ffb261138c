/**
 * The start-up warm-up of the list caches (SPEC §9 caches; docs/BENCHMARKS.md 'warm first rows'): queued cache reads
 * run one after another, the list the trader opened last first, so that list's read and table build do not share the
 * worker with the others and the first panel paints from memory. Which list was opened last is kept in the cache
 * store under LAST_OPENED_KEY (any language). Realm-neutral; all I/O through the passed store.
 */
import type { CacheStore } from './deps.ts';
import type { SourceId } from './sources/source.ts';

/** Store key of the list opened last: `{id}`. */
export const LAST_OPENED_KEY = 'market_last_opened';

/** What the warm-up drives. */
export interface WarmUpOptions {
  /** The (guarded) cache store. */
  store: CacheStore;
  /** True for a list id the store knows. */
  known(id: string): boolean;
  /** True when `id`'s cache read has started already (nothing to queue). */
  started(id: SourceId): boolean;
  /** Starts (or joins) the cache read of `id`; resolves when it is in memory or was missed. Never rejects. */
  read(id: SourceId): Promise<unknown>;
  log(message: string, detail?: unknown): void;
}

/** The warm-up queue. */
export interface WarmUp {
  /** Queues the cache read of `id` (no-op when started or queued). */
  warm(id: SourceId): void;
  /** Remembers that `id` was opened (stored when it changed; failures logged and swallowed). */
  opened(id: SourceId): void;
  /** Drops the queue (language change); a running loop stops after its current read. */
  reset(): void;
}

/** Builds the warm-up over `o.store`. */
export function createWarmUp(o: WarmUpOptions): WarmUp {
  let queue: SourceId[] = [];
  let running = false;
  let epoch = 0;
  /** The list opened last; undefined until read from the store. */
  let lastOpened: SourceId | null | undefined;

  async function readLastOpened(): Promise<SourceId | null> {
    if (lastOpened !== undefined) return lastOpened;
    let value: unknown;
    try {
      value = await o.store.get(LAST_OPENED_KEY);
    } catch (err) {
      o.log('cache: last opened list unreadable', err);
    }
    const id = (value as { id?: unknown } | null | undefined)?.id;
    lastOpened ??= typeof id === 'string' && o.known(id) ? (id as SourceId) : null;
    return lastOpened;
  }

  async function run(mine: number): Promise<void> {
    await Promise.resolve(); // every warm() of this turn is queued before the order is chosen
    const first = await readLastOpened();
    while (mine === epoch && queue.length > 0) {
      const at = first === null ? -1 : queue.indexOf(first);
      await o.read(queue.splice(Math.max(0, at), 1)[0]!);
    }
    if (mine === epoch) running = false;
  }

  return {
    warm(id) {
      if (o.started(id) || queue.includes(id)) return;
      queue.push(id);
      if (running) return;
      running = true;
      void run(epoch);
    },
    opened(id) {
      if (lastOpened === id) return;
      lastOpened = id;
      o.store
        .set(LAST_OPENED_KEY, { id })
        .catch((err: unknown) => o.log('cache: last opened list not saved', err));
    },
    reset() {
      epoch++;
      queue = [];
      running = false;
    },
  };
}
