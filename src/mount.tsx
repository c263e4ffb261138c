/**
 * Mounting the page: hydrates the server's markup (ARCHITECTURE.md 'The reference server'), or renders the
 * client-rendered shell from scratch. A chunk of its own with everything React needs — React, the App and the
 * header's components — imported by the entry (src/main.tsx) once its start-up work is done, and fetched from the
 * page's head with the entry (server/first-load-preload.ts). The entry itself needs no React, so it runs while
 * React's bytes are still arriving, and only this module and the hydration wait for them (docs/BENCHMARKS.md
 * 'Hydration at 4x').
 */
import { startTransition, StrictMode } from 'react';
import { yieldToMain } from './lib/yield.ts';
import { App, preloadPageParts } from './App.tsx';

/**
 * Hydrates `root` (`hydrate`: the server rendered it, and the stores are seeded from its boot data) or renders into
 * it from scratch. First loads the code of the server-rendered parts the page shows that are not in the first load
 * (the /login page, the restricted notice: src/lib/deferred-hydration.tsx), so they hydrate with the rest. React DOM
 * is imported here, not at the top: it is already loaded (the first load's framework chunk), but its start-up
 * (~10 ms on a fast machine) then runs in a task of its own rather than in the one that evaluates this module, and
 * the first render is a transition, which yields to input and paints, so none of them is a long task (Lighthouse
 * TBT). Resolves once the work is scheduled; rejects when React DOM fails to load.
 */
export async function mount(root: HTMLElement, hydrate: boolean): Promise<void> {
  const pageParts = hydrate ? preloadPageParts() : undefined;
  await yieldToMain();
  const [{ createRoot, hydrateRoot }] = await Promise.all([import('react-dom/client'), pageParts]);
  const app = (
    <StrictMode>
      <App />
    </StrictMode>
  );
  startTransition(() => {
    if (hydrate) {
      hydrateRoot(root, app, {
        onRecoverableError: (err) => console.error('[ssr] hydration recovered by client render', err),
      });
    } else {
      root.replaceChildren();
      createRoot(root).render(app);
    }
  });
}
