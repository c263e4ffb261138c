/**
 * Content of the language and region menu (SPEC §2): two tabs, 'Language and region' (a 4-column grid of the 16
 * languages, each a real link to the same path in that language) and 'Exchange rate' (FiatPicker). Tabs follow
 * the WAI-ARIA tabs pattern (arrow keys move between them). The 'Exchange rate' tab shows only where the visibility
 * policy shows the `exchange-rate` item (SPEC §6 per-site flags: hidden on Japan and the testnet).
 */
import { useId, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { useTranslation } from '../i18n/react.tsx';
import { useSnapshot } from 'valtio';
import type { Locale } from '../../common/domain/locales.ts';
import { siteState } from '../state/site.ts';
import { FiatPicker } from './FiatPicker.tsx';
import { MenuIcon } from '../ui/MenuIcon.tsx';
import { languageHref } from './language-links.ts';
import { LANGUAGE_NAMES, LANGUAGE_ORDER } from './languages.ts';
import { byId } from '../lib/dom-root.ts';
import { usePolicy } from '../policy/use-policy.ts';
import { useScoped } from '../state/page-scope.tsx';

type Tab = 'language' | 'rate';
const ALL_TABS: readonly Tab[] = ['language', 'rate'];

export interface LanguagePanelProps {
  /** A language link was activated; call `event.preventDefault()` to stop the navigation (Turkish confirm). */
  onPickLanguage: (target: Locale, event: MouseEvent<HTMLAnchorElement>) => void;
  /** A fiat was chosen (the page reloads next). */
  onChosen?: () => void;
}

/** Tabs, language grid and fiat list. */
export function LanguagePanel({ onPickLanguage, onChosen }: LanguagePanelProps) {
  const { t } = useTranslation('settings');
  const { locale, path, subSite, host } = useSnapshot(useScoped(siteState));
  const withRate = usePolicy().show('exchange-rate');
  const tabs = withRate ? ALL_TABS : ALL_TABS.filter((k) => k !== 'rate');
  const [picked, setTab] = useState<Tab>('language');
  const tab: Tab = tabs.includes(picked) ? picked : 'language';
  const id = useId();
  const search = typeof location === 'undefined' ? '' : location.search;

  const onTabKey = (e: KeyboardEvent<HTMLButtonElement>) => {
    if (!['ArrowLeft', 'ArrowRight', 'Home', 'End'].includes(e.key)) return;
    e.preventDefault();
    const at = tabs.indexOf(tab);
    const step = e.key === 'ArrowLeft' ? -1 : 1;
    const next: Tab =
      e.key === 'Home'
        ? tabs[0]!
        : e.key === 'End'
          ? tabs.at(-1)!
          : tabs[(at + step + tabs.length) % tabs.length]!;
    setTab(next);
    byId(`${id}-tab-${next}`)?.focus();
  };

  return (
    <div className="lang-panel">
      <div className="settings-tabs" role="tablist" aria-label={t('language.title')}>
        {tabs.map((key) => (
          <button
            key={key}
            id={`${id}-tab-${key}`}
            type="button"
            role="tab"
            className="settings-tab"
            aria-selected={tab === key}
            aria-controls={`${id}-panel-${key}`}
            tabIndex={tab === key ? 0 : -1}
            onClick={() => setTab(key)}
            onKeyDown={onTabKey}
          >
            {key === 'language' ? t('language.tabLanguage') : t('language.tabRate')}
          </button>
        ))}
      </div>
      <div
        id={`${id}-panel-${tab}`}
        role="tabpanel"
        aria-labelledby={`${id}-tab-${tab}`}
        className="settings-tabpanel"
      >
        {tab === 'language' ? (
          <ul className="choice-grid lang-grid" aria-label={t('language.chooseLanguage')}>
            {LANGUAGE_ORDER.map((code) => (
              <li key={code}>
                <a
                  className="choice"
                  href={languageHref(code, path, search, { site: subSite, host })}
                  hrefLang={code}
                  lang={code}
                  aria-current={code === locale ? 'true' : undefined}
                  data-locale={code}
                  onClick={(e) => onPickLanguage(code, e)}
                >
                  <span className="choice-text">{LANGUAGE_NAMES[code]}</span>
                  {code === locale && <MenuIcon name="check" size={16} className="settings-check" />}
                </a>
              </li>
            ))}
          </ul>
        ) : (
          <FiatPicker onChosen={onChosen} />
        )}
      </div>
    </div>
  );
}
