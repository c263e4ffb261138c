/**
 * The width the server rendered the page for (SPEC §9 breakpoints; ./viewport.ts has the rule that uses it). Apart
 * from the React hook so the start-up code that records it (src/state/boot-data.ts) needs no React: the entry
 * module runs before React's chunk has arrived (src/main.tsx).
 */

/**
 * The width, px, the server rendered this page for; undefined when the page was not server-rendered. A holder
 * object, so a server render has its own copy (src/state/page-scope.tsx).
 */
export const renderedViewport: { width: number | undefined } = { width: undefined };

/** Records the width, px, the server rendered the page for (from the boot data, before hydration) in `into`. */
export function setRenderedViewportWidth(px: number | undefined, into = renderedViewport): void {
  into.width = px;
}
