/**
 * The pay-with picker in the Buy crypto menu (SPEC §2, §3 'Currency option', §4, §5, §9): a trigger
 * (`paywith-trigger`) showing the current pay-with fiat toggles a 167 × 410 px panel (`paywith-panel`) with a search
 * box (`paywith-search`, fiat-code substring) and one option per fiat (`data-fiat`: code, name, symbol). Choosing
 * one stores it, saves the cookie and closes the list; the Buy crypto entries follow through the policy context.
 * Settings load on first render (cache first); failures show the USD fallback (SPEC §8).
 */
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from '../i18n/react.tsx';
import { useSnapshot } from 'valtio';
import { intlLocale } from '../../common/domain/locales.ts';
import { siteState } from '../state/site.ts';
import { Chevron } from '../ui/Chevron.tsx';
import { currencyNames, filterOptions, joinOptions } from './pay-with-model.ts';
import { loadPayWith, payWithState, selectPayWith } from './pay-with-store.ts';
import './paywith.css';
import { useScoped } from '../state/page-scope.tsx';

/** Trigger plus panel. */
export function PayWithPicker() {
  const { t } = useTranslation('buy');
  const site = useSnapshot(useScoped(siteState));
  const pay = useSnapshot(useScoped(payWithState));
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const trigger = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const locale = intlLocale(site.locale);
  const current = pay.current || site.siteData?.defaultBuyCryptoFiat || 'USD';

  useEffect(() => {
    void loadPayWith(site.locale);
  }, [site.locale]);

  const options = useMemo(
    () => joinOptions(site.siteData?.fiat_list, pay.settings, currencyNames(locale)),
    [site.siteData, pay.settings, locale],
  );
  const shown = filterOptions(options, query);

  const close = (focusTrigger: boolean) => {
    setOpen(false);
    setQuery('');
    if (focusTrigger) trigger.current?.focus();
  };
  const choose = (fiat: string) => {
    selectPayWith(fiat);
    close(true);
  };

  return (
    <div className="paywith">
      <span className="paywith-label" id={`${panelId}-label`}>
        {t('payWith')}
      </span>
      <button
        ref={trigger}
        type="button"
        className="paywith-trigger"
        data-testid="paywith-trigger"
        data-fiat={current}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        aria-labelledby={`${panelId}-label ${panelId}-value`}
        onClick={() => (open ? close(false) : setOpen(true))}
      >
        <span id={`${panelId}-value`}>{current}</span>
        <Chevron />
      </button>
      {open && (
        <div
          id={panelId}
          className="paywith-panel"
          data-testid="paywith-panel"
          data-status={pay.status}
          onKeyDown={(e) => {
            if (e.key === 'Escape') {
              e.stopPropagation();
              close(true);
            }
          }}
        >
          <input
            // The panel opens for searching: the box takes focus.
            autoFocus
            className="paywith-search"
            data-testid="paywith-search"
            type="search"
            aria-label={t('searchFiat')}
            placeholder={t('searchFiat')}
            autoComplete="off"
            maxLength={10}
            value={query}
            onChange={(e) => setQuery(e.target.value)}
          />
          <ul className="paywith-list" role="listbox" aria-label={t('currencies')}>
            {shown.map((o) => (
              <li
                key={o.fiat}
                role="option"
                aria-selected={o.fiat === current}
                tabIndex={0}
                className={o.fiat === current ? 'paywith-option is-current' : 'paywith-option'}
                data-fiat={o.fiat}
                onClick={() => choose(o.fiat)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter' || e.key === ' ') {
                    e.preventDefault();
                    choose(o.fiat);
                  }
                }}
              >
                <span className="paywith-code">{o.fiat}</span>
                <span className="paywith-name">{o.name}</span>
                <span className="paywith-symbol">{o.symbol}</span>
              </li>
            ))}
          </ul>
          {shown.length === 0 && (
            <p className="paywith-empty" role="status">
              {t('common:noData')}
            </p>
          )}
        </div>
      )}
    </div>
  );
}
