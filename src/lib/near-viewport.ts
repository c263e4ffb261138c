/**
 * "Near the viewport" for parts of the page that defer work until they may be seen (code split by first use: the
 * footer's QR symbol on a client-rendered page).
 */

/**
 * Calls `onNear` once, when `el` comes within `marginPx` (px, above and below) of the viewport, or at once when the
 * browser has no IntersectionObserver. Returns a disposer that stops watching (no call after it). Never throws.
 */
export function onNearViewport(el: Element, marginPx: number, onNear: () => void): () => void {
  if (typeof IntersectionObserver !== 'function') {
    onNear();
    return () => undefined;
  }
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((e) => e.isIntersecting)) return;
      observer.disconnect();
      onNear();
    },
    { rootMargin: `${marginPx}px 0px` },
  );
  observer.observe(el);
  return () => observer.disconnect();
}
