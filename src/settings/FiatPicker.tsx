/**
 * The 'Exchange rate' tab (SPEC §2, §4): one button per fiat the server has a rate for (SPEC §7 rates call), named
 * by its code ('EUR'); its localised name is the description (kept out of the name, read via aria-describedby).
 * Choosing one opens rate mode, stores `curr_fiat` and reloads (prefs.selectFiat). Loading and failure show in
 * place (SPEC §8: the failure is swallowed).
 */
import { useEffect, useId, useMemo } from 'react';
import { useTranslation } from '../i18n/react.tsx';
import { useSnapshot } from 'valtio';
import { intlLocale } from '../../common/domain/locales.ts';
import { prefsState, selectFiat } from '../state/prefs.ts';
import { siteState } from '../state/site.ts';
import { fiatRatesState, loadFiatRates } from './fiat-rates.ts';
import { MenuIcon } from '../ui/MenuIcon.tsx';
import { useScoped } from '../state/page-scope.tsx';

function displayNames(locale: string): Intl.DisplayNames | null {
  try {
    return new Intl.DisplayNames([locale], { type: 'currency' });
  } catch {
    return null;
  }
}

/** The fiat list; `onChosen` runs before the reload (closes the menu). */
export function FiatPicker({ onChosen }: { onChosen?: () => void }) {
  const { t } = useTranslation('settings');
  const { locale } = useSnapshot(useScoped(siteState));
  const { currencyRate, currFiat } = useSnapshot(useScoped(prefsState));
  const { status, rates } = useSnapshot(fiatRatesState);
  const idBase = useId();
  const names = useMemo(() => displayNames(intlLocale(locale)), [locale]);
  useEffect(() => {
    void loadFiatRates();
  }, []);

  const codes = Object.keys(rates);
  if (codes.length === 0) {
    return status === 'error' ? (
      <div className="fiat-status" role="alert">
        <p>{t('language.ratesError')}</p>
        <button type="button" className="settings-button" onClick={() => void loadFiatRates()}>
          {t('language.retry')}
        </button>
      </div>
    ) : (
      <p className="fiat-status" role="status">
        {t('language.ratesLoading')}
      </p>
    );
  }
  return (
    <div className="fiat-picker">
      <p className="settings-hint">{t('language.fiatHint')}</p>
      <ul className="choice-grid" aria-label={t('language.chooseFiat')}>
        {codes.map((code) => {
          const selected = currencyRate === 'open' && currFiat === code;
          const descId = `${idBase}-${code}`;
          return (
            <li key={code}>
              <button
                type="button"
                className="choice fiat-choice"
                aria-describedby={descId}
                aria-pressed={selected}
                data-fiat={code}
                onClick={() => {
                  onChosen?.();
                  selectFiat(code);
                }}
              >
                <span className="choice-text">
                  <span className="fiat-code">{code}</span>
                  <span className="fiat-name" id={descId} aria-hidden="true">
                    {names?.of(code) ?? code}
                  </span>
                </span>
                {selected && <MenuIcon name="check" size={16} className="settings-check" />}
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
