/**
 * The announcement's mobile marquee (SPEC §9: duration = ceil(width / 200 × 3) seconds). Pure.
 */

/** Viewport width below which the bar scrolls its text (SPEC §9 mobile breakpoint 767/768). */
export const MARQUEE_MAX_VIEWPORT_PX = 767;

/** SPEC §9: seconds one pass takes for content `widthPx` wide: ceil(width / 200 × 3); at least 1 s. */
export function marqueeDurationS(widthPx: number): number {
  if (!Number.isFinite(widthPx) || widthPx <= 0) return 1;
  return Math.max(1, Math.ceil((widthPx / 200) * 3));
}

/**
 * Whether the text should run as a marquee: on a mobile viewport, when it overflows its box, and never under
 * `prefers-reduced-motion` (WCAG 2.2.2).
 */
export function shouldMarquee(
  viewportPx: number,
  contentPx: number,
  boxPx: number,
  reducedMotion: boolean,
): boolean {
  return !reducedMotion && viewportPx <= MARQUEE_MAX_VIEWPORT_PX && contentPx > boxPx;
}
