/**
 * A server-rendered part whose code is not in the first load (SPEC §8 'never a broken header'; code split by first
 * use). The server (react-dom/static prerender) loads the module with the rest of its bundle, so the page's HTML
 * always carries the part; the client hydrates the rest of the page at once and leaves the server's HTML of this
 * part in place until its chunk arrives (React selective hydration inside a Suspense boundary: a click on it
 * meanwhile is replayed once it is hydrated), so nothing shifts when the chunk lands. Without server HTML (the
 * client-rendered shell) the part appears when its chunk does. A failed chunk load renders nothing (logged once).
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

/**
 * Wraps `load` (an `import()` resolving to a component without props) as a memoised component with no props, so a
 * re-render of the page never updates its boundary before it has hydrated. `name` labels the failure warning.
 * Render it only where the server renders it too (same store contents), or hydration would not match.
 */
export function deferredHydration(load: () => Promise<ComponentType>, name: string): ComponentType {
  const loadDefault = () => load().then((component) => ({ default: component }));
  const Lazy = lazy(loadDefault);
  // The server loads it with the rest of its bundle, so no page render ever waits for it (render time-out, SPEC §8).
  if (import.meta.env.SSR) void loadDefault();
  const Deferred = memo(function Deferred() {
    return (
      <DeferredGuard name={name}>
        <Suspense fallback={null}>
          <Lazy />
        </Suspense>
      </DeferredGuard>
    );
  });
  Deferred.displayName = `Deferred(${name})`;
  return Deferred;
}
