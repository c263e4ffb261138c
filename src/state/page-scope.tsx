/**
 * Per-request stores for the server render (ARCHITECTURE.md 'The reference server'; SPEC §3): the page's stores are
 * module singletons in the browser (one page, one set), but a server renders many requests at once, so each render
 * gets its own copies, handed down by context. A component reads a store through `useScoped(store)`: the render's copy
 * of that singleton when one is provided, else the singleton itself (the browser, tests). Writes outside a render
 * (actions, loaders) keep using the singletons: they run only in the browser.
 */
import { createContext, useContext, type ReactNode } from 'react';
import { proxy, snapshot } from 'valtio';

/** Singleton → the render's copy. */
export type PageScope = ReadonlyMap<object, object>;

const ScopeContext = createContext<PageScope | null>(null);

/** The render's copy of `store` (a valtio proxy or a plain holder object), or `store` when none is provided. */
export function useScoped<T extends object>(store: T): T {
  const scope = useContext(ScopeContext);
  return (scope?.get(store) as T | undefined) ?? store;
}

/**
 * A scope with a fresh copy of each of `proxies` (valtio proxies: a new proxy of a deep copy of its current
 * snapshot) and of each of `holders` (plain objects: a shallow copy). Returns the scope and a lookup of the copies.
 */
export function createPageScope(
  proxies: readonly object[],
  holders: readonly object[] = [],
): { scope: PageScope; copyOf: <T extends object>(store: T) => T } {
  const scope = new Map<object, object>();
  for (const p of proxies) scope.set(p, proxy(structuredClone(snapshot(p)) as object));
  for (const h of holders) scope.set(h, { ...h });
  return { scope, copyOf: <T extends object>(store: T) => (scope.get(store) ?? store) as T };
}

/** Provides `scope` to the tree below. */
export function PageScopeProvider({ scope, children }: { scope: PageScope; children: ReactNode }) {
  return <ScopeContext.Provider value={scope}>{children}</ScopeContext.Provider>;
}
