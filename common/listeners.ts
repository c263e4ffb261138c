/**
 * One listener set (ARCHITECTURE.md 'Market engine'): the engine fans its version events out through one in its
 * realm, and the page's engine client through one on the main thread, where every list subscribes directly
 * (`MarketEngineApi.subscribe` returns the unsubscribe); the page's live hub keeps one per list kind.
 * Realm-neutral, no imports.
 */

/** Removes a listener; calling it again does nothing. */
export type Unsubscribe = () => void;

/** How a listener set treats a listener whose call fails (throws, or returns a promise that rejects). */
export interface ListenersOptions {
  /**
   * True: the failing listener is removed (a Comlink proxy whose page has gone fails on every call after; the
   * engine's sets). False (default): it is kept and the failure goes to `onError` (the page's own listeners).
   */
  dropOnFailure?: boolean;
  /** Called with each failure of a kept listener; default console.error. Not called for a dropped one. */
  onError?(error: unknown): void;
}

/** A set of listeners of events `E`. */
export interface Listeners<E> {
  /** Adds `listener` (adding the same function twice adds it once). Returns the function that removes it. */
  add(listener: (event: E) => void): Unsubscribe;
  /**
   * Calls every listener with `event`, each on its own: one that throws or rejects does not stop the others, and is
   * removed or reported as the set's options say. Never throws.
   */
  emit(event: E): void;
  /** Removes every listener. */
  clear(): void;
}

/** An empty listener set; `options` say what a failing listener costs it (kept and reported, by default). */
export function createListeners<E>(options: ListenersOptions = {}): Listeners<E> {
  const set = new Set<(event: E) => void>();
  const onError = options.onError ?? ((error: unknown) => console.error('[listeners]', error));
  const failed = (listener: (event: E) => void, error: unknown) => {
    if (options.dropOnFailure) return void set.delete(listener);
    try {
      onError(error);
    } catch {
      // A failing report is dropped: emit never throws.
    }
  };
  return {
    add(listener) {
      set.add(listener);
      return () => void set.delete(listener);
    },
    emit(event) {
      for (const listener of [...set]) {
        try {
          const r = listener(event) as unknown;
          if (r instanceof Promise) r.catch((error: unknown) => failed(listener, error));
        } catch (error) {
          failed(listener, error);
        }
      }
    },
    clear: () => set.clear(),
  };
}
