/**
 * Horizontally scrollable top-nav list with scroll arrows that appear only while the list overflows on that side
 * (SPEC §4 'Scroll arrows appear when the nav is scrollable'; §9 step 200 px, debounce 200 ms). RTL-aware.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from '../i18n/react.tsx';
import { Icon } from '../ui/Icon.tsx';

/** How far one arrow click scrolls, px (SPEC §9). */
export const NAV_SCROLL_STEP_PX = 200;
/** Re-measure delay after scroll or resize, ms (SPEC §9). */
export const NAV_SCROLL_DEBOUNCE_MS = 200;

/** Which arrows to show for a scroll position; `scrollStart` is the distance from the start edge. Pure. */
export function scrollEdges(scrollStart: number, clientWidth: number, scrollWidth: number) {
  const max = scrollWidth - clientWidth;
  return { start: max > 1 && scrollStart > 1, end: max > 1 && scrollStart < max - 1 };
}

/** The nav list; `version` changes when the items change (re-measure). */
export function NavScroller({ children, version }: { children: ReactNode; version: string }) {
  const { t } = useTranslation('nav');
  const list = useRef<HTMLUListElement>(null);
  const [edges, setEdges] = useState({ start: false, end: false });

  useEffect(() => {
    const el = list.current;
    if (!el) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const measure = () => setEdges(scrollEdges(Math.abs(el.scrollLeft), el.clientWidth, el.scrollWidth));
    const later = () => {
      clearTimeout(timer);
      timer = setTimeout(measure, NAV_SCROLL_DEBOUNCE_MS);
    };
    // The first measure comes with the observer's first callback, after the browser's own layout: measuring here, in
    // the hydration's effects, would force a layout of the whole page before the header is interactive.
    let first = true;
    const ro = new ResizeObserver(() => {
      if (!first) return later();
      first = false;
      measure();
    });
    ro.observe(el);
    el.addEventListener('scroll', later, { passive: true });
    return () => {
      clearTimeout(timer);
      ro.disconnect();
      el.removeEventListener('scroll', later);
    };
  }, [version]);

  const scroll = (dir: 1 | -1) => {
    const el = list.current;
    if (!el) return;
    const rtl = getComputedStyle(el).direction === 'rtl';
    el.scrollBy({ left: dir * (rtl ? -1 : 1) * NAV_SCROLL_STEP_PX, behavior: 'smooth' });
  };

  return (
    <div
      className="nav-scroller"
      data-overflow-start={edges.start || undefined}
      data-overflow-end={edges.end || undefined}
    >
      {edges.start && (
        <button
          type="button"
          className="nav-arrow nav-arrow-start"
          data-testid="nav-scroll-start"
          aria-label={t('scrollStart')}
          onClick={() => scroll(-1)}
        >
          <Icon name="chevron-left" size={16} className="flip-rtl" />
        </button>
      )}
      <ul ref={list} className="nav-list">
        {children}
      </ul>
      {edges.end && (
        <button
          type="button"
          className="nav-arrow nav-arrow-end"
          data-testid="nav-scroll-end"
          aria-label={t('scrollEnd')}
          onClick={() => scroll(1)}
        >
          <Icon name="chevron-right" size={16} className="flip-rtl" />
        </button>
      )}
    </div>
  );
}
