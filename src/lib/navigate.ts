/**
 * Navigation that is not a link click (a search result picked with the keyboard, SPEC §2 'Search modal'): on
 * masthead's own page the browser loads `href`; an embedded part (docs/EMBED.md 'Events') first offers it to the host
 * page as a `masthead-navigate` event, which a single-page host cancels to route itself.
 */

/** Offers `href` (absolute) to the host; true when the host took it. */
type Handler = (href: string) => boolean;

let handler: Handler | null = null;

/** Installs (or with null, removes) the host's handler (src/embed/). */
export function setNavigationHandler(next: Handler | null): void {
  handler = next;
}

/** Goes to `href` (relative to the page or absolute): the host's handler first, else `location.assign`. */
export function navigateTo(href: string): void {
  if (handler?.(new URL(href, location.href).href)) return;
  location.assign(href);
}
