/**
 * The search modal, a lazily loaded chunk (SPEC §7 'embedded micro-app', mounted with SearchAppProps): one input
 * searching spot, futures, pilot and pre-market at once through the market worker (SPEC §5 ranking per list),
 * results in sections with a 'more' entry that opens the list's full panel; without a term, recent searches and
 * the top movers by volume. WAI-ARIA combobox with a grid popup, as the panels (SPEC §9 keyboard): a result row holds
 * its link and its star (SPEC §4 favourites), so the results are a grid of rows, not a listbox of options.
 * ArrowUp/ArrowDown move the active row (aria-activedescendant), Enter follows it (the first by default), Shift+Enter
 * stars or unstars the active result (told in the field's description), Escape closes (Radix), and focus returns to
 * where it was. A star shows its new state at once, is stored by the engine and updates the favourites group; it
 * never opens the pair nor closes the modal. Rows come formatted from the engine (prices in the trader's fiat, SPEC
 * §4). Engine failures show 'no results', never an error (SPEC §8).
 */
import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from '../i18n/react.tsx';
import { useSnapshot } from 'valtio';
import type { FavouritePair, MarketKind } from '../../workers/market/contract.ts';
import { favouriteListOf } from '../../common/wire/favourites.ts';
import { getMarketEngine } from '../markets/engine-client.ts';
import { withLangPrefix } from '../../common/domain/route.ts';
import { MarketPanel } from '../markets/MarketPanel.tsx';
import { prefsState } from '../state/prefs.ts';
import { Dialog } from '../ui/Dialog.tsx';
import { MenuIcon } from '../ui/MenuIcon.tsx';
import { addRecent, browserStorage, clearRecent, readRecent } from './recent.ts';
import type { SearchAppProps } from './search-props.ts';
import {
  buildGroups,
  flatOptions,
  isStarred,
  moveActive,
  starKey,
  withStar,
  type SearchOption,
} from './search-options.ts';
import { SearchOptionView } from './SearchOptionView.tsx';
import { useSearchAll } from './use-search-all.ts';
import './search.css';
import { useScoped } from '../state/page-scope.tsx';
import { navigateTo } from '../lib/navigate.ts';

/** Where each list's 'more' entry links when followed without script (SPEC §2 routes). */
export const LIST_PAGE: Record<MarketKind, string> = {
  spot: '/price',
  futures: '/futures_center',
  pilot: '/pilot',
  premarket: '/premint',
};

/** Props: the micro-app props plus the open state the header owns. */
export interface SearchModalProps extends SearchAppProps {
  open: boolean;
  onOpenChange(open: boolean): void;
}

/** The modal (default export: the lazy chunk's entry). */
export default function SearchModal({ open, onOpenChange, ...app }: SearchModalProps) {
  const { t } = useTranslation(['search', 'markets']);
  const { changePeriod } = useSnapshot(useScoped(prefsState));
  const [term, setTerm] = useState('');
  const [active, setActive] = useState(0);
  const [panel, setPanel] = useState<MarketKind | null>(null);
  const [recent, setRecent] = useState(() => readRecent(browserStorage()));
  const rate = app.currFiat ? app.fiatRates[app.currFiat] : undefined;
  const fiat = useMemo(
    () => (app.currFiat && rate ? { currency: app.currFiat, rate } : null),
    [app.currFiat, rate],
  );
  const search = useSearchAll(term, changePeriod, fiat, open && panel === null);
  const baseId = useId();
  const listId = `${baseId}-list`;
  const hintId = `${baseId}-hint`;

  // The trader's favourites beside the recent searches (SPEC §4), re-read once the lists are in (their links).
  const [favourites, setFavourites] = useState<FavouritePair[]>([]);
  // Stars pressed in this modal, by starKey: shown at once over the replies' (SPEC §4), until the modal closes or
  // a list's panel opens.
  const [pressed, setPressed] = useState<ReadonlyMap<string, boolean>>(() => new Map());
  // Rises when a press has been stored: the favourites group is read again from the engine.
  const [stored, setStored] = useState(0);
  const empty = term.trim() === '';
  useEffect(() => {
    if (!open || !empty) return;
    let alive = true;
    getMarketEngine()
      .then((engine) => engine.favourites())
      .then((pairs) => alive && setFavourites(pairs))
      .catch((err: unknown) => console.warn('[search] favourites unavailable', err));
    return () => {
      alive = false;
    };
  }, [open, empty, search.result, stored]);
  const groups = useMemo(
    () => buildGroups(term, search.result, recent, favourites),
    [term, search.result, recent, favourites],
  );
  const options = useMemo(() => flatOptions(groups), [groups]);
  const activeIndex = options.length === 0 ? -1 : Math.min(active, options.length - 1);
  const optionId = (o: SearchOption) => `${listId}-${o.key}`;

  /** Stars or unstars result `o` (SPEC §4 favourites): its star and the favourites group change at once, the
   * engine stores it; a failed store is logged and the shown state stays until the modal closes. */
  const toggleStar = (o: SearchOption) => {
    if (o.type !== 'result') return;
    const on = !isStarred(o, pressed);
    const { kind, row } = o;
    setPressed((cur) => new Map(cur).set(starKey(kind, row.symbol), on));
    setFavourites((cur) => withStar(cur, kind, row, on));
    getMarketEngine()
      .then((engine) => engine.setFavourite(favouriteListOf(kind), row.symbol, row.label, on))
      .then(() => setStored((n) => n + 1))
      .catch((err: unknown) => console.warn('[search] favourite not stored', err));
  };

  const pick = (o: SearchOption, event?: React.SyntheticEvent) => {
    if (o.type === 'recent') {
      event?.preventDefault();
      setTerm(o.term);
      setActive(0);
    } else if (o.type === 'favourite') {
      if (!event) navigateTo(o.pair.href);
    } else if (o.type === 'more') {
      event?.preventDefault();
      setPanel(o.kind);
      // The panel has stars of its own: back in the results, the engine's replies say what is starred.
      setPressed(new Map());
    } else {
      setRecent(addRecent(browserStorage(), term || o.row.label));
      if (!event) navigateTo(o.row.href);
    }
  };

  const onKeyDown = (e: React.KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      setActive(moveActive(activeIndex, e.key === 'ArrowDown' ? 1 : -1, options.length));
    } else if (e.key === 'Enter' && e.shiftKey && !e.nativeEvent.isComposing) {
      // Stars or unstars the active result; focus stays in the field, the modal stays open.
      const o = options[activeIndex];
      if (o?.type === 'result') {
        e.preventDefault();
        toggleStar(o);
      }
    } else if (e.key === 'Enter' && !e.nativeEvent.isComposing) {
      const o = options[activeIndex];
      if (o) {
        e.preventDefault();
        pick(o);
      }
    }
  };

  const change = (next: boolean) => {
    if (!next) {
      setPanel(null);
      setTerm('');
      setActive(0);
      setPressed(new Map());
    }
    onOpenChange(next);
  };

  return (
    <Dialog
      open={open}
      onOpenChange={change}
      title={t('title')}
      closeLabel={t('close')}
      className="dialog search-modal"
      testId="search-modal"
    >
      <div className="search-body" data-theme-mode={app.theme} data-search-version={app.searchVersion}>
        {panel ? (
          <div className="search-panel">
            <button type="button" className="btn btn-ghost btn-sm search-back" onClick={() => setPanel(null)}>
              <MenuIcon name="chevron-left" size={16} />
              <span>{t('back')}</span>
            </button>
            <MarketPanel kind={panel} initialTerm={term} />
          </div>
        ) : (
          <>
            <div className="search-field">
              <MenuIcon name="search" size={18} />
              <input
                // The modal opens for typing: the input takes focus (Radix focuses the first focusable otherwise).
                autoFocus
                data-testid="search-input"
                type="search"
                role="combobox"
                aria-expanded={options.length > 0}
                aria-controls={listId}
                aria-haspopup="grid"
                aria-describedby={hintId}
                aria-autocomplete="list"
                aria-activedescendant={activeIndex >= 0 ? optionId(options[activeIndex]!) : undefined}
                aria-label={t('label')}
                placeholder={t('placeholder')}
                autoComplete="off"
                spellCheck={false}
                maxLength={60}
                value={term}
                onChange={(e) => {
                  setTerm(e.target.value);
                  setActive(0);
                }}
                onKeyDown={onKeyDown}
              />
              <span id={hintId} className="visually-hidden">
                {t('markets:favouriteKeyHint')}
              </span>
            </div>
            {term.trim() === '' && recent.length > 0 && (
              <div className="search-recent-head">
                <span>{t('recent')}</span>
                <button
                  type="button"
                  className="search-clear"
                  data-testid="search-recent-clear"
                  onClick={() => {
                    clearRecent(browserStorage());
                    setRecent([]);
                  }}
                >
                  {t('clearRecent')}
                </button>
              </div>
            )}
            <div
              id={listId}
              role="grid"
              aria-label={t('results')}
              className="search-list"
              data-testid="search-list"
            >
              {groups.map((g) => (
                <div
                  key={g.key}
                  role="rowgroup"
                  aria-labelledby={`${listId}-${g.key}-label`}
                  className="search-group"
                >
                  <div id={`${listId}-${g.key}-label`} className="search-group-title" role="presentation">
                    {t(g.label)}
                  </div>
                  {g.options.map((o) => {
                    const index = options.indexOf(o);
                    return (
                      <SearchOptionView
                        key={o.key}
                        option={o}
                        id={optionId(o)}
                        active={index === activeIndex}
                        starred={isStarred(o, pressed)}
                        coinIconVersionWhitelist={app.coinIconVersionWhitelist}
                        moreHref={o.type === 'more' ? withLangPrefix(app.langPrefix, LIST_PAGE[o.kind]) : ''}
                        onHover={() => setActive(index)}
                        onPick={(e) => pick(o, e)}
                        onStar={() => toggleStar(o)}
                      />
                    );
                  })}
                </div>
              ))}
            </div>
            <p className="search-status" role="status" data-testid="search-status">
              {search.status === 'loading' && search.result === null
                ? t('loading')
                : options.length === 0 && term.trim() !== ''
                  ? t('markets:noData')
                  : ''}
            </p>
          </>
        )}
      </div>
    </Dialog>
  );
}
