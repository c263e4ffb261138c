/**
 * Where the page's markup lives (docs/EMBED.md 'Isolation'): the document on masthead's own page, or the open shadow
 * roots of the `<masthead-header>` / `<masthead-footer>` elements on a host page. Lookups by id, the focused element
 * and the elements that carry the display attributes (`data-theme`, `data-rise`, `data-float-rate`, `lang`, `dir`)
 * go through here, so the same components work in both places. Nothing here throws.
 */

const shadowRoots = new Set<ShadowRoot>();
const styleRoots = new Set<HTMLElement>();

/**
 * Registers an embedded element's shadow root (id lookups search it) and the element inside it that stands for
 * `<html>` (it receives the display attributes). Returns the disposer.
 */
export function registerEmbedRoot(root: ShadowRoot, styleRoot: HTMLElement): () => void {
  shadowRoots.add(root);
  styleRoots.add(styleRoot);
  return () => {
    shadowRoots.delete(root);
    styleRoots.delete(styleRoot);
  };
}

/** The element with `id` in the document or in a registered shadow root; null when there is none. */
export function byId(id: string): HTMLElement | null {
  if (typeof document === 'undefined') return null;
  const own = document.getElementById(id);
  if (own) return own;
  for (const root of shadowRoots) {
    const el = root.getElementById(id);
    if (el) return el;
  }
  return null;
}

/** The focused element, looking inside open shadow roots (`document.activeElement` stops at their host). */
export function deepActiveElement(): Element | null {
  if (typeof document === 'undefined') return null;
  let el = document.activeElement;
  while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
  return el;
}

/** The elements that carry the display attributes: `<html>` on masthead's own page, else each embed's root. */
export function displayRoots(): HTMLElement[] {
  if (styleRoots.size > 0) return [...styleRoots];
  return typeof document === 'undefined' ? [] : [document.documentElement];
}

/** The elements matching `selector` in the document and in every registered shadow root, in that order. */
export function queryAllRoots<E extends Element>(selector: string): E[] {
  if (typeof document === 'undefined') return [];
  const out = [...document.querySelectorAll<E>(selector)];
  for (const root of shadowRoots) out.push(...root.querySelectorAll<E>(selector));
  return out;
}
