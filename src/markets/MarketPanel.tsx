/**
 * A market panel (SPEC §4 market lists): tabs from the tabs endpoint, a search box over every row of the
 * list whatever tab is selected (SPEC §5), column headings and the virtualized list. All data work is the engine's.
 *
 * Keyboard-first (SPEC §9 keyboard; WAI-ARIA combobox with a listbox popup, as the search modal): the search field
 * controls the list, and its aria-activedescendant names the active row. From the field, ArrowDown and ArrowUp move
 * the active row through the whole list, PageDown and PageUp by a viewport (9 rows), Home and End to the first and
 * last row (list-keys.ts), each scrolled into view; Enter opens the active pair. Hover and keyboard share the active
 * row; a new term resets it. The active row is written by the row slots, so a key press renders nothing in React.
 * Shift+Enter stars or unstars the active pair (SPEC §4 favourites; told in the field's description); a Favourites
 * tab comes first once the panel's list has starred pairs.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '../i18n/react.tsx';
import { useSnapshot } from 'valtio';
import type { MarketKind, MarketTab, SettleCurrency } from '../../workers/market/contract.ts';
import { withLangPrefix } from '../../common/domain/route.ts';
import { prefsState } from '../state/prefs.ts';
import { siteState } from '../state/site.ts';
import { markInput } from './bench-marks.ts';
import { DataAge } from './DataAge.tsx';
import { MarketList } from './MarketList.tsx';
import { isListKey } from './list-keys.ts';
import { rowId } from './row-slots.ts';
import { storedTab, useMarketList } from './use-market-list.ts';
import { FAVOURITES_TAB, favouriteListOf } from '../../common/wire/favourites.ts';
import './markets.css';
import { byId } from '../lib/dom-root.ts';
import { useScoped } from '../state/page-scope.tsx';

/** Where each list's 'View all' link goes (SPEC §2 routes). */
const VIEW_ALL_PATH: Record<MarketKind, string> = {
  spot: '/price',
  futures: '/futures_center',
  pilot: '/pilot',
  premarket: '/premint',
};

export interface MarketPanelProps {
  kind: MarketKind;
  settle?: SettleCurrency;
  /** Search term the panel opens with (the search modal's 'more' entry); default empty. */
  initialTerm?: string;
}

/** True when tabs `a` and `b` have the same keys and names in the same order. */
function sameTabs(a: readonly MarketTab[], b: readonly MarketTab[]): boolean {
  return a.length === b.length && a.every((tb, i) => tb.key === b[i]!.key && tb.name === b[i]!.name);
}

/** The panel shown beside a Trade/Futures menu entry while it is hovered or focused. */
export function MarketPanel({ kind, settle, initialTerm = '' }: MarketPanelProps) {
  const { t } = useTranslation('markets');
  const { langPrefix } = useSnapshot(useScoped(siteState));
  const { changePeriod } = useSnapshot(useScoped(prefsState));
  // The tab the panel opened on last time (its stored first window), so its first rows are that tab's.
  const [tab, setTab] = useState(() => storedTab(kind));
  const [tabs, setTabs] = useState<MarketTab[]>([]);
  // The list is memoised: a keystroke re-renders the input and the panel, and the list only when a result lands.
  // The search box is uncontrolled: a keystroke goes straight to the list controller, so typing renders nothing in
  // React (the rows are written by the controller).
  const { controller, snapshot: list } = useMarketList(
    { kind, tab, settle, period: changePeriod },
    initialTerm,
  );
  const { engine } = list;
  const searchId = useId();
  const hintId = useId();
  // Starred pairs of this panel's list (SPEC §4): the Favourites tab shows while there is one.
  const [starred, setStarred] = useState(0);
  const listId = useId();
  const searchRef = useRef<HTMLInputElement>(null);

  // aria-activedescendant follows the active row, outside React (a key press or hover renders nothing).
  useEffect(
    () =>
      controller.onActive((index) => {
        const input = searchRef.current;
        if (!input) return;
        if (index < 0) input.removeAttribute('aria-activedescendant');
        else input.setAttribute('aria-activedescendant', rowId(listId, index));
      }),
    [controller, listId],
  );

  const onSearchKey = (e: React.KeyboardEvent<HTMLInputElement>) => {
    if (e.nativeEvent.isComposing || e.altKey || e.ctrlKey || e.metaKey) return;
    if (isListKey(e.key)) {
      e.preventDefault();
      controller.moveActive(e.key);
    } else if (e.key === 'Enter' && e.shiftKey) {
      // Stars or unstars the active pair; focus stays in the field.
      if (controller.toggleFavourite(controller.activeIndex) !== null) e.preventDefault();
    } else if (e.key === 'Enter') {
      // Opens the active pair as a click on its row would (the row is in the DOM: it was scrolled into view).
      const row =
        controller.activeIndex >= 0
          ? byId(rowId(listId, controller.activeIndex))?.querySelector('a.market-row[href]')
          : null;
      if (!(row instanceof HTMLElement) || !controller.activeRow()) return;
      e.preventDefault();
      row.click();
    }
  };

  // The tabs and the starred count, loaded again whenever the list's data version changes (a data refresh, a
  // favourite starred in any tab); not after a live list's re-rank (SPEC §9 refresh: every few seconds), which
  // changes only the order. Unchanged tabs and counts keep their state, so the panel does not re-render.
  useEffect(() => {
    if (!engine) return;
    let alive = true;
    const list = favouriteListOf(kind, settle);
    const load = () =>
      Promise.all([engine.tabs(kind), engine.favourites()])
        .then(([next, pairs]) => {
          if (!alive) return;
          const count = pairs.filter((p) => p.list === list).length;
          setTabs((cur) => (sameTabs(cur, next) ? cur : next));
          setStarred(count);
          controller.setDefaultTab(next[0]?.key ?? '');
          setTab((cur) =>
            next.some((tb) => tb.key === cur) || (cur === FAVOURITES_TAB && count > 0)
              ? cur
              : (next[0]?.key ?? ''),
          );
        })
        .catch((err: unknown) => console.error('[markets] tabs failed', err));
    void load();
    const off = controller.onVersionShown((_, reorderOnly) => void (reorderOnly || load()));
    return () => {
      alive = false;
      off();
    };
  }, [controller, engine, kind, settle]);
  const shownTabs: MarketTab[] =
    starred > 0 ? [{ key: FAVOURITES_TAB, name: t('favouritesTab') }, ...tabs] : tabs;

  const changeHeading =
    changePeriod === 'utc0' ? t('changeUtc0') : changePeriod === 'utc8' ? t('changeUtc8') : t('change24h');

  return (
    <section className="market-panel" aria-label={t(`panel.${kind}`)} data-testid={`market-panel-${kind}`}>
      <div className="market-search">
        <svg className="market-search-icon" width="16" height="16" viewBox="0 0 16 16" aria-hidden="true">
          <circle cx="7" cy="7" r="5" fill="none" stroke="currentColor" strokeWidth="1.6" />
          <path d="m11 11 3.5 3.5" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
        </svg>
        <input
          id={searchId}
          ref={searchRef}
          type="search"
          data-testid="market-search"
          role="combobox"
          aria-controls={listId}
          aria-haspopup="grid"
          aria-describedby={hintId}
          aria-expanded={list.hasRows}
          aria-autocomplete="list"
          aria-label={t('searchLabel')}
          placeholder={t('searchPlaceholder')}
          autoComplete="off"
          spellCheck={false}
          defaultValue={initialTerm}
          onChange={(e) => {
            markInput(e.target.value, e.nativeEvent.timeStamp);
            controller.setTerm(e.target.value);
          }}
          onKeyDown={onSearchKey}
        />
        <span id={hintId} className="visually-hidden">
          {t('favouriteKeyHint')}
        </span>
      </div>
      {shownTabs.length > 0 && (
        <div className="market-tabs" role="tablist" aria-label={t('tabsLabel')}>
          {shownTabs.map((tb) => (
            <button
              key={tb.key}
              type="button"
              role="tab"
              aria-selected={tab === tb.key}
              className="market-tab"
              data-tab={tb.key}
              onClick={() => setTab(tb.key)}
            >
              {tb.name}
            </button>
          ))}
        </div>
      )}
      <DataAge kind={kind} engine={list.engine} />
      <div className="market-columns" aria-hidden="true">
        <span>{kind === 'pilot' ? t('colToken') : t('colPair')}</span>
        <span className="num">{t('colLast')}</span>
        <span className="num">{changeHeading}</span>
        <span className="num">{t('colVolume')}</span>
      </div>
      <MarketList
        kind={kind}
        controller={controller}
        snapshot={list}
        viewAllHref={withLangPrefix(langPrefix, VIEW_ALL_PATH[kind])}
        label={t(`panel.${kind}`)}
        id={listId}
      />
      {list.status === 'stale' && (
        <p className="market-stale" role="status">
          {t('stale')}
        </p>
      )}
    </section>
  );
}
