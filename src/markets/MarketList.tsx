/**
 * Virtualized market list (SPEC §9: 530 px high, 58 px rows, 9 overscan rows; SPEC §4: skeleton while loading,
 * 'View all' once scrollTop ≥ 450). Only the visible window plus overscan is in the DOM (≤ 28 rows).
 */
import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useEffect, useRef, useState } from 'react';
import { markRowsPainted } from './bench-marks.ts';
import { useTranslation } from 'react-i18next';
import type { MarketKind } from '../../workers/market/contract.ts';
import { MarketRowView, SkeletonRow, useRowDisplay } from './MarketRowView.tsx';
import { useRowWindow, type MarketListHandles, type MarketListState } from './use-market-list.ts';

export const LIST_HEIGHT_PX = 530;
export const ROW_HEIGHT_PX = 58;
export const OVERSCAN_ROWS = 9;
export const VIEW_ALL_SCROLL_TOP_PX = 450;
const SKELETON_ROWS = 9;

export interface MarketListProps {
  kind: MarketKind;
  list: MarketListState & MarketListHandles;
  /** Target of the 'View all' link (already language-prefixed). */
  viewAllHref: string;
  /** Accessible name of the list region. */
  label: string;
}

/** The scrolling list: `data-testid="market-list"`, rows `data-testid="market-row"`. Memoised: typing re-renders it
 * only when the query result changes. */
export const MarketList = memo(function MarketList({ kind, list, viewAllHref, label }: MarketListProps) {
  const { t } = useTranslation('markets');
  const display = useRowDisplay();
  const scrollRef = useRef<HTMLDivElement>(null);
  const [showViewAll, setShowViewAll] = useState(false);
  const virtualizer = useVirtualizer({
    count: list.total,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT_PX,
    overscan: OVERSCAN_ROWS,
    initialRect: { width: 480, height: LIST_HEIGHT_PX },
    // No flushSync per scroll event: React batches the range change with the frame (TanStack Virtual ≥ 3.13).
    useFlushSync: false,
  });
  const items = virtualizer.getVirtualItems();
  const first = items[0]?.index ?? 0;
  const last = items.length ? items[items.length - 1]!.index + 1 : 0;
  const { rowAt, windowId } = useRowWindow(list.loader, list.id, first, last);
  const { setRange } = list;
  useEffect(() => setRange(first, last), [setRange, first, last]);

  const loading = list.status === 'loading' && list.total === 0;
  const painted = list.id !== 0 && (list.total === 0 || (windowId === list.id && rowAt(first) !== undefined));
  useEffect(() => {
    if (painted) markRowsPainted(list.term);
  }, [painted, list.term, list.id]);
  const empty = !loading && list.total === 0;

  return (
    <div className="market-list-wrap">
      <div
        ref={scrollRef}
        className="market-list"
        data-testid="market-list"
        data-kind={kind}
        role="list"
        aria-label={label}
        aria-busy={loading || undefined}
        tabIndex={0}
        style={{ height: LIST_HEIGHT_PX }}
        onScroll={(e) => {
          const next = e.currentTarget.scrollTop >= VIEW_ALL_SCROLL_TOP_PX;
          if (next !== showViewAll) setShowViewAll(next);
        }}
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
        {!loading && !empty && (
          <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
            {items.map((item) => {
              const row = rowAt(item.index);
              return (
                <div
                  key={item.key}
                  className="market-row-slot"
                  style={{ transform: `translateY(${item.start}px)`, height: ROW_HEIGHT_PX }}
                >
                  {row ? <MarketRowView row={row} kind={kind} display={display} /> : <SkeletonRow />}
                </div>
              );
            })}
          </div>
        )}
      </div>
      {showViewAll && (
        <a className="market-view-all" href={viewAllHref} data-testid="market-view-all">
          {t('viewAll')}
        </a>
      )}
    </div>
  );
});
