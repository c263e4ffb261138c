/**
 * The viewport width for rendering (SPEC §9 breakpoints). A server-rendered page is rendered for a guessed width
 * (server/ssr/page-data.ts: client hints or the user agent); the client replaces the guess with `innerWidth` right
 * after its first commit. A part of the page hydrated later (a lazy chunk such as the footer) must hydrate against the
 * same guess or its markup would not match the server's: `useViewportBelow` gives React the answer for the server's
 * width as the hydration snapshot (useSyncExternalStore's `getServerSnapshot`) and for the live width otherwise, so a
 * late-hydrated part re-renders for the real width right after it has hydrated (only if the answer differs), and a
 * part mounted later renders for the real width at once.
 */
import { useSyncExternalStore } from 'react';
import { subscribeKey } from 'valtio/utils';
import { useScoped } from './page-scope.tsx';
import { siteState } from './site.ts';
import { renderedViewport } from './rendered-viewport.ts';

const subscribe = (onChange: () => void) => subscribeKey(siteState, 'viewportWidth', onChange);
const live = () => siteState.viewportWidth;

/**
 * True while the viewport is narrower than `px` (a SPEC §9 breakpoint), with the hydration rule above.
 * Re-renders only when the answer changes, not on every width change: a component that only
 * compares the width with a breakpoint should use this, so the real width replacing the server's guess after
 * hydration re-renders nothing when both are on the same side.
 */
export function useViewportBelow(px: number): boolean {
  const rendered = useScoped(renderedViewport);
  const site = useScoped(siteState);
  return useSyncExternalStore(
    subscribe,
    () => live() < px,
    () => (rendered.width ?? site.viewportWidth) < px,
  );
}
