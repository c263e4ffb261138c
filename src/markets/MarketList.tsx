/**
 * Virtualized market list (SPEC §9: 530 px high, 58 px rows, 9 overscan rows; SPEC §4: skeleton while loading,
 * 'View all' once scrollTop ≥ 450). React renders the frame (scroller, sizer, skeleton, empty state); the rows are
 * recycled slots the list controller writes in place (row-slots.ts), so a keystroke does not reconcile rows in React.
 * Only the visible window plus overscan is in the DOM (a pool of ≤ 29 slots that never move while scrolling); the
 * window itself is TanStack Virtual's (list-window.ts). Typing re-renders nothing here: the snapshot changes only
 * with status, version and rows/no rows. The scroller is a grid the panel's search field controls (SPEC §9
 * keyboard).
 */
import { memo, useEffect, useLayoutEffect, useMemo, useRef, useState, type CSSProperties } from 'react';
import { useTranslation } from '../i18n/react.tsx';
import type { MarketKind } from '../../workers/market/contract.ts';
import { LIST_HEIGHT_PX, ROW_HEIGHT_PX } from '../../common/market-list-geometry.ts';
import type { MarketListController, MarketListSnapshot } from './market-list.ts';
import { RowSlots } from './row-slots.ts';
import { WINDOW_ROWS } from './list-window.ts';
import { ListInput } from './list-input.ts';

/** The list's viewport height and, for markets.css, its row height (SPEC §9: 530 px, 58 px; common/ holds both). */
const LIST_STYLE = { height: LIST_HEIGHT_PX, '--market-row-px': `${ROW_HEIGHT_PX}px` } as CSSProperties;

export const VIEW_ALL_SCROLL_TOP_PX = 450;
const SKELETON_ROWS = 9;
/** Rows take hover again this long after the last scroll event, ms (or at once when the pointer moves). */
const HOVER_AFTER_SCROLL_MS = 150;

export interface MarketListProps {
  kind: MarketKind;
  controller: MarketListController;
  snapshot: MarketListSnapshot;
  /** Target of the 'View all' link (already language-prefixed). */
  viewAllHref: string;
  /** Accessible name of the list. */
  label: string;
  /** DOM id of the grid (the search field's aria-controls); row ids start with it (`rowId`). */
  id: string;
}

/** Placeholder row while the list loads. */
function SkeletonRow() {
  return (
    <div className="market-row market-row-skeleton" aria-hidden="true">
      <span className="skeleton skeleton-icon" />
      <span className="skeleton skeleton-text" />
      <span className="skeleton skeleton-num" />
      <span className="skeleton skeleton-num" />
      <span className="skeleton skeleton-num" />
    </div>
  );
}

/**
 * The scrolling list: `data-testid="market-list"` with `data-kind` and `data-rows-from` (`cache` while the stored
 * first window is shown, `engine` once the engine answered) and `data-version` (the shown rows' data version: it
 * rises when a refresh has reached the screen), a grid once it has rows; rows `data-testid="market-row"` (role
 * row: a link and a star; the links in visual order for Tab). Memoised: it re-renders when the snapshot changes, not per key.
 */
export const MarketList = memo(function MarketList({
  kind,
  controller,
  snapshot,
  viewAllHref,
  label,
  id,
}: MarketListProps) {
  const { t } = useTranslation('markets');
  const [showViewAll, setShowViewAll] = useState(false);
  const rowsRef = useRef<HTMLDivElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const slotsRef = useRef<RowSlots | null>(null);
  const labels = useMemo(
    () => ({
      st: t('stTitle'),
      upcoming: t('upcoming'),
      isNew: t('new'),
      hot: t('hot'),
      // The pair goes in where the row is written (row-slots.ts), so the placeholder is kept here.
      favouriteAdd: t('favouriteAdd', { pair: '{{pair}}' }),
      favouriteRemove: t('favouriteRemove', { pair: '{{pair}}' }),
      delisted: t('delisted'),
    }),
    [t],
  );
  const loading = snapshot.status === 'loading' && !snapshot.hasRows;
  const empty = !loading && !snapshot.hasRows;
  const hasRows = snapshot.hasRows;

  // The slots live in the sizer while it is mounted; labels or kind changes rebuild them (rare).
  useLayoutEffect(() => {
    const container = rowsRef.current;
    const list = listRef.current;
    if (!hasRows || !container || !list) return;
    const slots = new RowSlots(container, list, {
      kind,
      labels,
      idPrefix: id,
      rowPx: ROW_HEIGHT_PX,
      poolSize: WINDOW_ROWS,
    });
    controller.attach(slots);
    slotsRef.current = slots;
    return () => {
      slotsRef.current = null;
      controller.attach(null);
      slots.destroy();
    };
  }, [controller, hasRows, kind, labels, id]);

  // One input adapter owns the scroller's listeners (list-input.ts): native passive ones, not React's onScroll, as
  // the step's frame is the list's tightest budget (SPEC §9, docs/benchmarks/history.md 'Scrolling, fifth pass').
  useEffect(() => {
    const list = listRef.current;
    if (!list) return;
    controller.setScroller(list);
    let viewAll = list.scrollTop >= VIEW_ALL_SCROLL_TOP_PX;
    const input = new ListInput(
      list,
      controller,
      {
        rows: () => slotsRef.current,
        hoverAfterScrollMs: HOVER_AFTER_SCROLL_MS,
        onScrollTop: (top) => {
          if (top >= VIEW_ALL_SCROLL_TOP_PX === viewAll) return;
          viewAll = !viewAll;
          setShowViewAll(viewAll);
        },
      },
      list.closest<HTMLElement>('.market-panel') ?? list,
    );
    return () => {
      input.destroy();
      controller.setScroller(null);
    };
  }, [controller]);

  return (
    <div className="market-list-wrap">
      <div
        className="market-list"
        data-testid="market-list"
        data-kind={kind}
        id={id}
        // A grid of rows (each a link and a star) once it has rows; while loading or empty it holds none (a group).
        role={hasRows ? 'grid' : 'group'}
        aria-label={label}
        aria-busy={loading || undefined}
        data-rows-from={snapshot.hasRows ? (snapshot.fromCache ? 'cache' : 'engine') : undefined}
        tabIndex={0}
        style={LIST_STYLE}
        ref={listRef}
      >
        {loading && Array.from({ length: SKELETON_ROWS }, (_, i) => <SkeletonRow key={i} />)}
        {empty && (
          <div className="market-empty" role="status" data-testid="market-empty">
            <svg width="48" height="48" viewBox="0 0 48 48" aria-hidden="true">
              <rect
                x="8"
                y="12"
                width="32"
                height="26"
                rx="4"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
              />
              <path d="M8 20h32M16 28h10" stroke="currentColor" strokeWidth="2" />
            </svg>
            <span>{t('noData')}</span>
          </div>
        )}
        {/* Sized and filled by the row slots (total × row height), outside React. */}
        {hasRows && <div ref={rowsRef} className="market-list-rows" />}
      </div>
      {showViewAll && (
        <a className="market-view-all" href={viewAllHref} data-testid="market-view-all">
          {t('viewAll')}
        </a>
      )}
    </div>
  );
});
