/**
 * Display settings (SPEC §2 'Rise/fall colour and change-period menu', §4), trigger `data-testid="nav-settings"`:
 * theme, rise colour, change period, and the exchange-rate (currencyRate) and price-change (floatRate) switches.
 * Native radios and switches, so each option is named by its visible label and arrow keys work. Every choice
 * applies at once and persists (state/prefs.ts); turning the exchange rate on selects the current fiat, else the
 * site's `curr_fiat` (SPEC §3, default USD), and reloads (SPEC §7). The exchange-rate switch shows only where the
 * visibility policy shows the `exchange-rate` item (SPEC §6 per-site flags: hidden on Japan and the testnet).
 */
import { useId, type ReactNode } from 'react';
import { useTranslation } from '../i18n/react.tsx';
import { useSnapshot } from 'valtio';
import type { ChangePeriod } from '../../workers/market/contract.ts';
import {
  prefsState,
  setChangePeriod,
  setCurrencyRate,
  setFloatRate,
  setRiseColor,
  setTheme,
  type RiseColor,
  type ThemeCode,
} from '../state/prefs.ts';
import { TrendSwatch } from '../ui/MenuIcon.tsx';
import { usePolicy } from '../policy/use-policy.ts';
import { siteState } from '../state/site.ts';
import { FALLBACKS } from '../api/fallbacks.ts';
import './settings-menu.css';
import { useScoped } from '../state/page-scope.tsx';

interface Option<T> {
  value: T;
  label: string;
  icon?: ReactNode;
}

function RadioRow<T extends string | number>(props: {
  legend: string;
  name: string;
  value: T;
  options: Option<T>[];
  onChange: (value: T) => void;
  className?: string;
}) {
  return (
    <fieldset className={`settings-group ${props.className ?? ''}`}>
      <legend className="settings-legend">{props.legend}</legend>
      <div className="segmented">
        {props.options.map((o) => (
          <label key={String(o.value)} className="segment">
            <input
              type="radio"
              name={props.name}
              checked={props.value === o.value}
              onChange={() => props.onChange(o.value)}
            />
            <span className="segment-face">
              {o.icon}
              {o.label}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function Switch(props: {
  label: string;
  hint: string;
  checked: boolean;
  onChange: (on: boolean) => void;
  testId: string;
}) {
  const hintId = useId();
  return (
    <label className="settings-switch">
      <span className="settings-switch-text">
        <span className="settings-switch-label">{props.label}</span>
        <span className="settings-hint" id={hintId}>
          {props.hint}
        </span>
      </span>
      <input
        type="checkbox"
        role="switch"
        className="switch"
        data-testid={props.testId}
        aria-describedby={hintId}
        checked={props.checked}
        onChange={(e) => props.onChange(e.target.checked)}
      />
    </label>
  );
}

/** The menu's content. */
export function SettingsPanel() {
  const { t } = useTranslation('settings');
  const prefs = useSnapshot(useScoped(prefsState));
  const { siteData } = useSnapshot(useScoped(siteState));
  const { show } = usePolicy();
  const name = useId();
  return (
    <div className="settings-panel" role="group" aria-label={t('menu.title')}>
      <RadioRow<ThemeCode>
        legend={t('menu.theme')}
        name={`${name}-theme`}
        value={prefs.theme}
        options={[
          { value: 0, label: t('menu.light') },
          { value: 2, label: t('menu.dark') },
        ]}
        onChange={(v) => setTheme(v)}
      />
      <RadioRow<RiseColor>
        legend={t('menu.riseColor')}
        name={`${name}-rise`}
        value={prefs.riseColor}
        className="settings-group-stack"
        options={[
          {
            value: 'risegreen',
            label: t('menu.riseGreen'),
            icon: <TrendSwatch up="var(--green)" down="var(--red)" />,
          },
          {
            value: 'risered',
            label: t('menu.riseRed'),
            icon: <TrendSwatch up="var(--red)" down="var(--green)" />,
          },
        ]}
        onChange={(v) => setRiseColor(v)}
      />
      <RadioRow<ChangePeriod>
        legend={t('menu.changePeriod')}
        name={`${name}-period`}
        value={prefs.changePeriod}
        options={[
          { value: '24h', label: t('menu.period24h') },
          { value: 'utc0', label: t('menu.periodUtc0') },
          { value: 'utc8', label: t('menu.periodUtc8') },
        ]}
        onChange={(v) => setChangePeriod(v)}
      />
      <div className="settings-switches">
        {show('exchange-rate') && (
          <Switch
            label={t('menu.exchangeRate')}
            hint={
              prefs.currencyRate === 'open'
                ? t('menu.exchangeRateOn', { fiat: prefs.currFiat })
                : t('menu.exchangeRateOff')
            }
            checked={prefs.currencyRate === 'open'}
            onChange={(on) =>
              setCurrencyRate(
                on ? 'open' : 'closed',
                siteData?.curr_fiat || FALLBACKS.commonSiteData.curr_fiat,
              )
            }
            testId="settings-currency-rate"
          />
        )}
        <Switch
          label={t('menu.priceChange')}
          hint={t('menu.priceChangeDesc')}
          checked={prefs.floatRate === 'open'}
          onChange={(on) => setFloatRate(on ? 'open' : 'closed')}
          testId="settings-float-rate"
        />
      </div>
    </div>
  );
}
