/**
 * The embedded elements' event contract (docs/EMBED.md 'Events'). Every click on a link inside an element
 * dispatches `masthead-navigate` on the element: cancelable, bubbling, composed, `detail: { href }` (absolute URL).
 * A single-page host calls `preventDefault()` and routes itself; otherwise the browser follows the link. A click on
 * a language choice dispatches `masthead-language` (`detail: { lang }`), cancelable too; uncancelled, the element
 * takes the language in place (its `lang` attribute) instead of following the link, whose URL is masthead's
 * own language prefix (SPEC §2), not the host's.
 */

/** Name of the navigation event. */
export const NAVIGATE_EVENT = 'masthead-navigate';
/** Name of the language event. */
export const LANGUAGE_EVENT = 'masthead-language';

/** `detail` of `masthead-navigate`. */
export interface NavigateDetail {
  /** The link's absolute URL. */
  href: string;
}

/** `detail` of `masthead-language`. */
export interface LanguageDetail {
  /** The chosen locale (one of the 16). */
  lang: string;
}

/** What a click on an element's link means; null for clicks the contract leaves alone. */
export type LinkClick = { kind: 'navigate'; href: string } | { kind: 'language'; lang: string };

/**
 * The link a click activates, from the event's composed path (the target may be deep in a shadow root): the first
 * `<a href>` on it. Null when the click is not a plain activation the page would turn into a navigation in the same
 * tab — already cancelled (the header handled it: a button inside a link, the Turkish confirm), not the primary
 * button, with a modifier key (a new tab or window), or on a link with `target` other than `_self` or `download`.
 */
export function linkClickOf(event: ClickLike): LinkClick | null {
  if (event.defaultPrevented || event.button !== 0) return null;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  for (const node of event.composedPath()) {
    if (!isAnchor(node)) continue;
    if (!node.hasAttribute('href')) return null;
    const target = node.getAttribute('target');
    if ((target && target !== '_self') || node.hasAttribute('download')) return null;
    const lang = node.getAttribute('data-locale');
    if (lang && node.hasAttribute('hreflang')) return { kind: 'language', lang };
    return { kind: 'navigate', href: node.href };
  }
  return null;
}

/** What linkClickOf reads of a click (a MouseEvent is one). */
export type ClickLike = Pick<
  MouseEvent,
  'defaultPrevented' | 'button' | 'metaKey' | 'ctrlKey' | 'shiftKey' | 'altKey' | 'composedPath'
>;

/** What linkClickOf reads of a link (an HTMLAnchorElement is one). */
type AnchorLike = Pick<HTMLAnchorElement, 'localName' | 'href' | 'hasAttribute' | 'getAttribute'>;

function isAnchor(node: EventTarget): node is EventTarget & AnchorLike {
  const el = node as Partial<AnchorLike>;
  return el.localName === 'a' && typeof el.getAttribute === 'function';
}

/**
 * Dispatches the contract's event for `click` on `host` (cancelable, bubbling, composed). Returns true when the host
 * page cancelled it.
 */
export function dispatchLinkEvent(host: EventTarget, click: LinkClick): boolean {
  const event =
    click.kind === 'navigate'
      ? new CustomEvent<NavigateDetail>(NAVIGATE_EVENT, {
          detail: { href: click.href },
          bubbles: true,
          composed: true,
          cancelable: true,
        })
      : new CustomEvent<LanguageDetail>(LANGUAGE_EVENT, {
          detail: { lang: click.lang },
          bubbles: true,
          composed: true,
          cancelable: true,
        });
  return !host.dispatchEvent(event);
}

/**
 * The click handler of an element's shadow root (listening in the bubble phase, after the header's own handlers):
 * dispatches the event; a cancelled navigation cancels the click (the host routes), and a language choice always
 * does (`onLanguage` is called unless the host cancelled, and the element re-renders in that language).
 */
export function handleLinkClick(
  host: EventTarget,
  event: ClickLike & Pick<MouseEvent, 'preventDefault'>,
  onLanguage: (lang: string) => void,
): void {
  const click = linkClickOf(event);
  if (!click) return;
  const cancelled = dispatchLinkEvent(host, click);
  if (click.kind === 'language') {
    event.preventDefault();
    if (!cancelled) onLanguage(click.lang);
  } else if (cancelled) {
    event.preventDefault();
  }
}
