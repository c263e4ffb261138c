/**
 * Code split by first use (SPEC §8 'never a broken header'): a component whose module loads on the user's first
 * intent (pointer enter, focus, pointer down, a shortcut) instead of with the page. `preload()` is called from those
 * intents so the chunk is usually there before the popover or dialog opens; while it is not, the component renders
 * the caller's fallback. A failed load is logged and swallowed: the fallback shows `failed`, and the next intent
 * (or the fallback's retry) loads again. Unlike React.lazy, a rejection is not cached forever.
 */
import { useEffect, useSyncExternalStore, type ComponentType, type ReactNode } from 'react';
import { loadNamespaces, type Namespace } from '../i18n/index.ts';

/** Where a lazily loaded module is: not asked for, on its way, there, or failed (retry on next intent). */
export type ChunkStatus = 'idle' | 'loading' | 'ready' | 'failed';

/** What a fallback gets: the status and a function to load again (for a retry button). */
export interface ChunkFallbackProps {
  status: Exclude<ChunkStatus, 'ready'>;
  retry: () => void;
}

/** Props added to every intent-loaded component. */
export interface IntentProps {
  /** Shown until the module is there (and when it failed); default nothing. */
  fallback?: (state: ChunkFallbackProps) => ReactNode;
}

/** A component loaded on first intent, with `preload` for the intents and `status` for tests and callers. */
export type IntentComponent<P extends object> = ComponentType<P & IntentProps> & {
  /** Starts (or restarts after a failure) the load; resolves when it settled, never rejects. */
  preload: () => Promise<void>;
  /** Current status. */
  status: () => ChunkStatus;
};

/**
 * Wraps `load` (an `import()` resolving to the component) as a component that loads on first render or on
 * `preload()`. `namespaces`: the i18n namespaces its strings are in that the page may not have yet, loaded with the
 * code, so the component's first paint has its words, never their keys (a failed catalogue is logged by the i18n
 * layer and falls back to English; only the code's failure fails the load). `name` labels the warning logged on
 * failure.
 */
export function lazyOnIntent<P extends object>(
  load: () => Promise<ComponentType<P>>,
  name: string,
  namespaces: readonly Namespace[] = [],
): IntentComponent<P> {
  let status: ChunkStatus = 'idle';
  let loaded: ComponentType<P> | null = null;
  let pending: Promise<void> | null = null;
  const listeners = new Set<() => void>();
  const set = (next: ChunkStatus) => {
    status = next;
    for (const l of listeners) l();
  };
  const subscribe = (l: () => void) => {
    listeners.add(l);
    return () => listeners.delete(l);
  };

  const preload = (): Promise<void> => {
    if (status === 'ready') return Promise.resolve();
    if (pending) return pending;
    set('loading');
    pending = Promise.all([load(), loadNamespaces(namespaces)])
      .then(([component]) => component)
      .then(
        (component) => {
          loaded = component;
          set('ready');
        },
        (err: unknown) => {
          console.warn(`[lazy] ${name} failed to load; retrying on the next intent`, err);
          set('failed');
        },
      )
      .finally(() => {
        pending = null;
      });
    return pending;
  };

  function Lazy(props: P & IntentProps) {
    // The server and the hydrating client both see 'idle' (the fallback), so hydration always matches.
    const current = useSyncExternalStore(
      subscribe,
      () => status,
      () => 'idle' as const,
    );
    useEffect(() => {
      if (current === 'idle') void preload();
    }, [current]);
    const { fallback, ...rest } = props;
    if (current === 'ready' && loaded) {
      const Loaded = loaded;
      return <Loaded {...(rest as P)} />;
    }
    return fallback
      ? fallback({ status: current === 'ready' ? 'loading' : current, retry: () => void preload() })
      : null;
  }
  Lazy.displayName = `Lazy(${name})`;
  return Object.assign(Lazy, { preload, status: () => status });
}
