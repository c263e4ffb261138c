/**
 * One listener set, the engine's only event fan-out (ARCHITECTURE.md 'Market engine'): the engine fans its version
 * and live events out through one in its realm, and the page's engine client through one on the main thread, where
 * every list subscribes directly (`MarketEngineApi.subscribe` returns the unsubscribe). Realm-neutral, no imports.
 */

/** Removes a listener; calling it again does nothing. */
export type Unsubscribe = () => void;

/** A set of listeners of events `E`. */
export interface Listeners<E> {
  /** Adds `listener` (adding the same function twice adds it once). Returns the function that removes it. */
  add(listener: (event: E) => void): Unsubscribe;
  /**
   * Calls every listener with `event`, each on its own: one that throws, or returns a promise that rejects (a
   * Comlink proxy whose page has gone), is removed and the others still get the event. Never throws.
   */
  emit(event: E): void;
  /** Removes every listener. */
  clear(): void;
}

/** An empty listener set. */
export function createListeners<E>(): Listeners<E> {
  const set = new Set<(event: E) => void>();
  return {
    add(listener) {
      set.add(listener);
      return () => void set.delete(listener);
    },
    emit(event) {
      for (const listener of [...set]) {
        try {
          const r = listener(event) as unknown;
          if (r instanceof Promise) r.catch(() => set.delete(listener));
        } catch {
          set.delete(listener);
        }
      }
    },
    clear: () => set.clear(),
  };
}
