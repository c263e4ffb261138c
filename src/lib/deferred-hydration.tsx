/**
 * A server-rendered part whose code is not in the first load (SPEC §8 'never a broken header'; code split by first
 * use). The server (react-dom/static prerender) loads the module with the rest of its bundle, so the page's HTML
 * always carries the part, inside a Suspense boundary. On the client:
 * - without `preload()`, the rest of the page hydrates at once and the server's HTML of this part stays in place
 *   until its chunk arrives (React selective hydration), so nothing shifts when it lands. Meanwhile a link in it
 *   still navigates, but React drops a click it cannot hydrate for (a button's handler would not run). A part with
 *   buttons marks its root `data-hydrates="name"` and calls `markPartHydrated(name)` (src/state/site.ts) once
 *   mounted, as the footer does: index.html holds such a click until then and replays it.
 * - with `preload()` awaited before hydrating (src/main.tsx, only when the server rendered the part), it hydrates
 *   with the rest of the page: the chunk is fetched beside React's start-up, and only on pages that show the part.
 * - with a `when` gate (the footer: on the first intent, a scroll included), the chunk is not even fetched before
 *   the gate opens; the server's HTML stays in place meanwhile.
 * Without server HTML (the client-rendered shell) the part appears when its chunk does. A failed chunk load renders
 * nothing (logged once).
 */
import { Component, lazy, memo, Suspense, type ComponentType, type ReactNode } from 'react';

/** Renders nothing when the chunk fails to load (logged once with `name`). */
class DeferredGuard extends Component<{ name: string; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(err: unknown) {
    console.warn(`[${this.props.name}] chunk failed to load`, err);
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/** Options of deferredHydration. */
export interface DeferredOptions {
  /**
   * On the client, resolves when the part's code should be fetched (e.g. whenNeeded in ./hydrate-when-needed.ts:
   * on the first intent); the server's HTML of the part stays in place until then. Default: at
   * once. `preload()` skips it.
   */
  when?: () => Promise<void>;
}

/** A deferred part: a component without props, and `preload` (resolves once loaded or failed; never rejects). */
export type DeferredComponent = ComponentType & { preload: () => Promise<void> };

/**
 * Wraps `load` (an `import()` resolving to a component without props) as a memoised component with no props, so a
 * re-render of the page never updates its boundary before it has hydrated. `name` labels the failure warning.
 * Render it only where the server renders it too (same store contents), or hydration would not match.
 */
export function deferredHydration(
  load: () => Promise<ComponentType>,
  name: string,
  options: DeferredOptions = {},
): DeferredComponent {
  let loaded: ComponentType | null = null;
  let pending: Promise<{ default: ComponentType }> | null = null;
  const fetchPart = () =>
    (pending ??= load().then((component) => {
      loaded = component;
      return { default: component };
    }));
  // React's lazy calls this when it first renders the boundary (hydration): the gate, if any, decides when to fetch.
  const loadDefault = () => pending ?? (options.when ? options.when().then(fetchPart) : fetchPart());
  const Lazy = lazy(loadDefault);
  // The server loads it with the rest of its bundle, so no page render ever waits for it (render time-out, SPEC §8).
  if (import.meta.env.SSR) void fetchPart();
  const Deferred = memo(function Deferred() {
    // Once loaded (preloaded, or on the server) the same boundary renders the component without suspending.
    const Part = loaded ?? Lazy;
    return (
      <DeferredGuard name={name}>
        <Suspense fallback={null}>
          <Part />
        </Suspense>
      </DeferredGuard>
    );
  });
  Deferred.displayName = `Deferred(${name})`;
  // A failure is reported by the guard when the part renders.
  const preload = () =>
    fetchPart().then(
      () => undefined,
      () => undefined,
    );
  return Object.assign(Deferred, { preload });
}
