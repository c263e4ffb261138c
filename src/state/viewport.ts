/**
 * The viewport width for rendering (SPEC §9 breakpoints). A server-rendered page is rendered for a guessed width
 * (server/ssr/page-data.ts: client hints or the user agent); the client replaces the guess with `innerWidth` right
 * after its first commit. A part of the page hydrated later (a lazy chunk such as the footer) must hydrate against the
 * same guess or its markup would not match the server's: `useViewportWidth` gives React the server's width as the
 * hydration snapshot (useSyncExternalStore's `getServerSnapshot`) and the live width otherwise, so a late-hydrated part
 * re-renders for the real width right after it has hydrated, and a part mounted later renders the real width at once.
 */
import { useSyncExternalStore } from 'react';
import { subscribeKey } from 'valtio/utils';
import { siteState } from './site.ts';

/** The width, px, the server rendered this page for; undefined when the page was not server-rendered. */
let renderedWidth: number | undefined;

/** Records the width, px, the server rendered the page for (from the boot data, before hydration). */
export function setRenderedViewportWidth(px: number | undefined): void {
  renderedWidth = px;
}

const subscribe = (onChange: () => void) => subscribeKey(siteState, 'viewportWidth', onChange);
const live = () => siteState.viewportWidth;
const rendered = () => renderedWidth ?? siteState.viewportWidth;

/** The viewport width in px for render decisions (see the module comment); re-renders on change. */
export function useViewportWidth(): number {
  return useSyncExternalStore(subscribe, live, rendered);
}
