/**
 * Display preferences (SPEC §3 'Preferences', §4): rise colour, change period, the floatRate and currencyRate
 * toggles, the fiat for prices, and the theme. The market panels read them; src/settings changes them through the
 * actions here, which persist to cookies (src/lib/cookies.ts names them) and apply without a reload, except a fiat
 * change, which reloads (SPEC §7). `readPrefs` is pure so the rules are tested in node.
 */
import { proxy } from 'valtio/vanilla';
import type { ChangePeriod } from '../../workers/market/contract.ts';
import type { Locale } from '../../common/domain/locales.ts';
import { browserCookies, COOKIE, type CookieJar } from '../lib/cookies.ts';
import { displayRoots } from '../lib/dom-root.ts';

export type RiseColor = 'risegreen' | 'risered';
/** SPEC §3 toggle state; cookie `1` = open, `0` = closed. */
export type Toggle = 'open' | 'closed';
/** SPEC §3 theme codes: 0 light, 2 dark. */
export type ThemeCode = 0 | 2;

export interface PrefsState {
  /** green-for-rise (default) or red-for-rise. */
  riseColor: RiseColor;
  /** Change column period. */
  changePeriod: ChangePeriod;
  /** Price-change column shown (`open`, default) or hidden. */
  floatRate: Toggle;
  /** Fiat prices shown (`open`) or USDT prices (`closed`, default). */
  currencyRate: Toggle;
  /** ISO 4217 code for fiat prices, or '' when none is chosen. */
  currFiat: string;
  /** 0 light, 2 dark. */
  theme: ThemeCode;
  /** The user changed the skin; until then the system colour scheme decides. */
  themeChanged: boolean;
}

const PERIODS: readonly ChangePeriod[] = ['24h', 'utc0', 'utc8'];
const FIAT_CODE = /^[A-Z]{3}$/;

/** SPEC §4: with no stored rise colour, Chinese (zh, zh-tw) is red-for-rise and other languages green-for-rise. */
export function defaultRiseColor(locale: Locale): RiseColor {
  return locale === 'zh' || locale === 'zh-tw' ? 'risered' : 'risegreen';
}

/**
 * Preferences from cookies (pure). Unknown or malformed values fall back to defaults; `prefersDark` is the system
 * scheme, used only while `theme_changed` is unset.
 */
export function readPrefs(jar: CookieJar, locale: Locale, prefersDark = false): PrefsState {
  const rise = jar.get(COOKIE.riseColor);
  const period = jar.get(COOKIE.changePeriod) as ChangePeriod | undefined;
  const fiat = (jar.get(COOKIE.currFiat) ?? '').toUpperCase();
  const themeChanged = jar.get(COOKIE.themeChanged) === '1';
  const themeCookie = jar.get(COOKIE.theme);
  const theme: ThemeCode = themeChanged ? (themeCookie === '2' ? 2 : 0) : prefersDark ? 2 : 0;
  const currFiat = FIAT_CODE.test(fiat) ? fiat : '';
  return {
    riseColor: rise === 'risered' || rise === 'risegreen' ? rise : defaultRiseColor(locale),
    changePeriod: period && PERIODS.includes(period) ? period : '24h',
    floatRate: jar.get(COOKIE.floatRate) === '0' ? 'closed' : 'open',
    // Rate mode needs a fiat: an open toggle without one reads as closed.
    currencyRate: jar.get(COOKIE.currencyRate) === '1' && currFiat ? 'open' : 'closed',
    currFiat,
    theme,
    themeChanged,
  };
}

function systemPrefersDark(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches;
}

function initialLocale(): Locale {
  // Avoids importing the site store (and its DOM reads) here: the first path segment decides, as parseRoute does.
  const first = typeof location === 'undefined' ? '' : location.pathname.split('/')[1];
  return first === 'zh' || first === 'zh-tw' ? first : 'en';
}

/** The store, read from the browser's cookies at start-up (defaults in node). */
export const prefsState = proxy<PrefsState>(readPrefs(browserCookies, initialLocale(), systemPrefersDark()));

/** Reflects the store on `<html>` (or each embedded element's root, src/lib/dom-root.ts): `data-theme` (light/dark), `data-rise`, `data-float-rate` (CSS reads them). */
export function applyPrefsToDocument(state: PrefsState = prefsState, root?: HTMLElement): void {
  for (const el of root ? [root] : displayRoots()) {
    el.dataset.theme = state.theme === 2 ? 'dark' : 'light';
    el.dataset.rise = state.riseColor;
    el.dataset.floatRate = state.floatRate;
  }
}

/** Sets and stores the rise colour (applies at once). */
export function setRiseColor(value: RiseColor, jar: CookieJar = browserCookies): void {
  prefsState.riseColor = value;
  jar.set(COOKIE.riseColor, value);
  applyPrefsToDocument();
}

/** Sets and stores the change period; panels re-query with it (applies at once). */
export function setChangePeriod(value: ChangePeriod, jar: CookieJar = browserCookies): void {
  prefsState.changePeriod = value;
  jar.set(COOKIE.changePeriod, value);
}

/** Opens or closes the price-change column (applies at once). */
export function setFloatRate(value: Toggle, jar: CookieJar = browserCookies): void {
  prefsState.floatRate = value;
  jar.set(COOKIE.floatRate, value === 'open' ? '1' : '0');
  applyPrefsToDocument();
}

/** Sets the theme and records that the user changed the skin (applies at once). */
export function setTheme(value: ThemeCode, jar: CookieJar = browserCookies): void {
  prefsState.theme = value;
  prefsState.themeChanged = true;
  jar.set(COOKIE.theme, String(value));
  jar.set(COOKIE.themeChanged, '1');
  applyPrefsToDocument();
}

/**
 * SPEC §4/§7: choosing a fiat opens rate mode, stores `curr_fiat` and reloads the page (`reload` is injectable for
 * tests). An invalid code is ignored.
 */
export function selectFiat(
  code: string,
  jar: CookieJar = browserCookies,
  reload = () => location.reload(),
): void {
  const fiat = code.toUpperCase();
  if (!FIAT_CODE.test(fiat)) return;
  prefsState.currFiat = fiat;
  prefsState.currencyRate = 'open';
  jar.set(COOKIE.currencyRate, '1');
  jar.set(COOKIE.currFiat, fiat);
  reload();
}

/**
 * The fiat-price toggle. Turning it off closes rate mode and clears the fiat (SPEC §4), applied at once; turning it
 * on selects the fiat already chosen, else `fallbackFiat` (the caller passes the site's curr_fiat, SPEC §3; USD when
 * site data is missing), through selectFiat, so it reloads.
 */
export function setCurrencyRate(
  value: Toggle,
  fallbackFiat: string,
  jar: CookieJar = browserCookies,
  reload = () => location.reload(),
): void {
  if (value === 'open') {
    selectFiat(prefsState.currFiat || fallbackFiat, jar, reload);
    return;
  }
  prefsState.currencyRate = 'closed';
  prefsState.currFiat = '';
  jar.set(COOKIE.currencyRate, '0');
  jar.remove(COOKIE.currFiat);
}

/**
 * SPEC §4 language switch: with no stored `market_rise_color`, the rise colour follows the new language (red for
 * Chinese, green otherwise); nothing is stored, so the next language decides again.
 */
export function applyLanguageDefaults(locale: Locale, jar: CookieJar = browserCookies): void {
  if (jar.get(COOKIE.riseColor)) return;
  prefsState.riseColor = defaultRiseColor(locale);
  applyPrefsToDocument();
}
