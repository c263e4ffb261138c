/**
 * Cross-tab sharing (ARCHITECTURE.md 'One cache and one refresh per browser': one refresh timer per browser, BroadcastChannel): tabs of one browser share one cache
 * and one refresh. A network revalidation runs under a cross-tab lock named for the language and cache
 * (navigator.locks; without it, a claim over the channel, lowest instance id wins); inside the lock the engine
 * re-reads the cache and fetches only if it is still stale, so N tabs fetch once per period. The tab that fetched
 * broadcasts 'updated'; the others re-read IndexedDB.
 */
import type { ChannelLike, LockLike } from '../deps.ts';

/** BroadcastChannel name. */
export const CHANNEL_NAME = 'masthead-market';
/** How long a claimant listens for rivals before it runs. */
export const CLAIM_WAIT_MS = 60;
/** Longest wait for a rival's release before trying again (a closed tab never releases). */
export const CLAIM_TIMEOUT_MS = 6000;

type Message =
  | { t: 'updated'; lang: string; cache: string; savedAt: number; from: string }
  | { t: 'claim' | 'held' | 'release'; name: string; from: string }
  | { t: 'note'; body: unknown; from: string };

/** Sharing, as the engine sees it. */
export interface Coordinator {
  /** Runs `fn` while holding the cross-tab lock `name`. */
  exclusive<T>(name: string, fn: () => Promise<T>): Promise<T>;
  /** Tells the other tabs that `cache` was rewritten for `lang`. */
  announce(lang: string, cache: string, savedAt: number): void;
  /** Called when another tab announced an update. */
  onUpdate(listener: (lang: string, cache: string, savedAt: number) => void): void;
  /** Sends `body` to the other tabs' coordinators on the same channel (the favourites store's changes). */
  post(body: unknown): void;
  /** Called with each `post` body of another tab. */
  onMessage(listener: (body: unknown) => void): void;
  close(): void;
}

/** Options: the channel and locks (either may be null), a timer and this engine's id. */
export interface CoordinatorOptions {
  channel: ChannelLike | null;
  locks: LockLike | null;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  id: string;
}

/** Builds the coordinator. With neither channel nor locks it is a single-tab no-op. */
export function createCoordinator(o: CoordinatorOptions): Coordinator {
  let updateListener: ((lang: string, cache: string, savedAt: number) => void) | null = null;
  let noteListener: ((body: unknown) => void) | null = null;
  const held = new Set<string>();
  const waiters = new Map<string, Set<(event: 'held' | 'lower' | 'release') => void>>();
  const post = (m: Message) => {
    try {
      o.channel?.postMessage(m);
    } catch {
      // a closed channel: sharing is best effort
    }
  };
  if (o.channel) {
    o.channel.onmessage = (event: MessageEvent) => {
      const m = event.data as Message;
      if (!m || typeof m !== 'object' || m.from === o.id) return;
      if (m.t === 'updated') return updateListener?.(m.lang, m.cache, m.savedAt);
      if (m.t === 'note') return noteListener?.(m.body);
      if (m.t === 'claim' && held.has(m.name)) post({ t: 'held', name: m.name, from: o.id });
      const signal = m.t === 'claim' ? (m.from < o.id ? 'lower' : null) : m.t;
      if (signal) waiters.get(m.name)?.forEach((w) => w(signal));
    };
  }

  /** Waits up to `ms` for signals about `name`: the first in `stopOn` ends the wait; otherwise it reports what it saw. */
  const wait = (name: string, ms: number, stopOn: Array<'held' | 'lower' | 'release'>) =>
    new Promise<'held' | 'lower' | 'release' | 'free'>((resolve) => {
      let set = waiters.get(name);
      if (!set) waiters.set(name, (set = new Set()));
      let seen: 'held' | 'lower' | 'release' | null = null;
      const done = (r: 'held' | 'lower' | 'release' | 'free') => {
        o.clearTimeout(timer);
        set.delete(listener);
        resolve(r);
      };
      const listener = (e: 'held' | 'lower' | 'release') => {
        if (stopOn.includes(e)) done(e);
        else if (e !== 'release' || seen) seen = e;
      };
      const timer = o.setTimeout(() => done(seen ?? 'free'), ms);
      set.add(listener);
    });

  async function claim(name: string): Promise<void> {
    for (let attempt = 0; attempt < 3; attempt++) {
      post({ t: 'claim', name, from: o.id });
      const rival = await wait(name, CLAIM_WAIT_MS, []);
      if (rival === 'free') return;
      if (rival !== 'release') await wait(name, CLAIM_TIMEOUT_MS, ['release']);
    }
  }

  return {
    async exclusive(name, fn) {
      if (o.locks) return o.locks.request(name, fn);
      if (!o.channel) return fn();
      await claim(name);
      held.add(name);
      try {
        return await fn();
      } finally {
        held.delete(name);
        post({ t: 'release', name, from: o.id });
      }
    },
    announce(lang, cache, savedAt) {
      post({ t: 'updated', lang, cache, savedAt, from: o.id });
    },
    onUpdate(listener) {
      updateListener = listener;
    },
    post(body) {
      post({ t: 'note', body, from: o.id });
    },
    onMessage(listener) {
      noteListener = listener;
    },
    close() {
      if (o.channel) {
        o.channel.onmessage = null;
        o.channel.close();
      }
    },
  };
}
