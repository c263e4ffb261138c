/**
 * The search modal, a lazily loaded chunk (SPEC §7 'embedded micro-app', mounted with SearchAppProps): one input
 * searching spot, futures, pilot and pre-market at once through the market worker (SPEC §5 ranking per list),
 * results in sections with a 'more' entry that opens the list's full panel; without a term, recent searches and
 * the top movers by volume. WAI-ARIA combobox + listbox: ArrowUp/ArrowDown move the active option
 * (aria-activedescendant), Enter follows it (the first by default), Escape closes (Radix), and focus returns to where
 * it was. Engine failures show 'no results', never an error (SPEC §8).
 */
import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from '../i18n/react.tsx';
import { useSnapshot } from 'valtio';
import type { FavouritePair, MarketKind } from '../../workers/market/contract.ts';
import { getMarketEngine } from '../markets/engine-client.ts';
import { intlLocale } from '../../common/domain/locales.ts';
import { withLangPrefix } from '../../common/domain/route.ts';
import { MarketPanel } from '../markets/MarketPanel.tsx';
import { prefsState } from '../state/prefs.ts';
import { Dialog } from '../ui/Dialog.tsx';
import { MenuIcon } from '../ui/MenuIcon.tsx';
import { addRecent, browserStorage, clearRecent, readRecent } from './recent.ts';
import type { SearchAppProps } from './search-props.ts';
import { buildGroups, flatOptions, moveActive, type SearchOption } from './search-options.ts';
import { SearchOptionView } from './SearchOptionView.tsx';
import { useSearchAll } from './use-search-all.ts';
import './search.css';

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
  const { t } = useTranslation('search');
  const { changePeriod } = useSnapshot(prefsState);
  const [term, setTerm] = useState('');
  const [active, setActive] = useState(0);
  const [panel, setPanel] = useState<MarketKind | null>(null);
  const [recent, setRecent] = useState(() => readRecent(browserStorage()));
  const search = useSearchAll(term, changePeriod, open && panel === null);
  const baseId = useId();
  const listId = `${baseId}-list`;
  const locale = intlLocale(app.language);
  const rate = app.currFiat ? app.fiatRates[app.currFiat] : undefined;
  const fiat = app.currFiat && rate ? { code: app.currFiat, rate } : null;

  // The trader's favourites beside the recent searches (SPEC §4), re-read once the lists are in (their links).
  const [favourites, setFavourites] = useState<FavouritePair[]>([]);
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
  }, [open, empty, search.result]);
  const groups = useMemo(
    () => buildGroups(term, search.result, recent, favourites),
    [term, search.result, recent, favourites],
  );
  const options = useMemo(() => flatOptions(groups), [groups]);
  const activeIndex = options.length === 0 ? -1 : Math.min(active, options.length - 1);
  const optionId = (o: SearchOption) => `${listId}-${o.key}`;

  const pick = (o: SearchOption, event?: React.SyntheticEvent) => {
    if (o.type === 'recent') {
      event?.preventDefault();
      setTerm(o.term);
      setActive(0);
    } else if (o.type === 'favourite') {
      if (!event) window.location.assign(o.pair.href);
    } else if (o.type === 'more') {
      event?.preventDefault();
      setPanel(o.kind);
    } else {
      setRecent(addRecent(browserStorage(), term || o.row.label));
      if (!event) window.location.assign(o.row.href);
    }
  };

  const onKeyDown = (e: React.KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      setActive(moveActive(activeIndex, e.key === 'ArrowDown' ? 1 : -1, options.length));
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
              role="listbox"
              aria-label={t('results')}
              className="search-list"
              data-testid="search-list"
            >
              {groups.map((g) => (
                <div
                  key={g.key}
                  role="group"
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
                        locale={locale}
                        fiat={fiat}
                        coinIconVersionWhitelist={app.coinIconVersionWhitelist}
                        moreHref={o.type === 'more' ? withLangPrefix(app.langPrefix, LIST_PAGE[o.kind]) : ''}
                        onHover={() => setActive(index)}
                        onPick={(e) => pick(o, e)}
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
                  ? t('noResults', { term: term.trim() })
                  : ''}
            </p>
          </>
        )}
      </div>
    </Dialog>
  );
}
