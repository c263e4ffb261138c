// Preference rules and persistence (SPEC §3 'Preferences', §4 states and transitions, §7 curr_fiat cookie).
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { COOKIE, memoryCookies } from '../../src/lib/cookies.ts';
import {
  applyLanguageDefaults,
  defaultRiseColor,
  prefsState,
  readPrefs,
  selectFiat,
  setChangePeriod,
  setCurrencyRate,
  setFloatRate,
  setRiseColor,
  setTheme,
} from '../../src/state/prefs.ts';

const DEFAULTS = readPrefs(memoryCookies(), 'en');

beforeEach(() => {
  Object.assign(prefsState, DEFAULTS);
});

describe('readPrefs', () => {
  it('defaults: green for rise, 24h, change column on, fiat prices off, light theme', () => {
    expect(DEFAULTS).toEqual({
      riseColor: 'risegreen',
      changePeriod: '24h',
      floatRate: 'open',
      currencyRate: 'closed',
      currFiat: '',
      theme: 0,
      themeChanged: false,
    });
  });
  it('red for rise in Chinese (zh, zh-tw) when no market_rise_color is stored (SPEC §4)', () => {
    expect(defaultRiseColor('zh')).toBe('risered');
    expect(defaultRiseColor('zh-tw')).toBe('risered');
    expect(defaultRiseColor('ja')).toBe('risegreen');
    expect(readPrefs(memoryCookies(), 'zh').riseColor).toBe('risered');
    expect(readPrefs(memoryCookies({ market_rise_color: 'risegreen' }), 'zh').riseColor).toBe('risegreen');
  });
  it('reads every cookie and ignores malformed values', () => {
    const jar = memoryCookies({
      market_rise_color: 'risered',
      market_change_period: 'utc8',
      float_rate: '0',
      currency_rate: '1',
      curr_fiat: 'eur',
      theme: '2',
      theme_changed: '1',
    });
    expect(readPrefs(jar, 'en')).toEqual({
      riseColor: 'risered',
      changePeriod: 'utc8',
      floatRate: 'closed',
      currencyRate: 'open',
      currFiat: 'EUR',
      theme: 2,
      themeChanged: true,
    });
    const bad = memoryCookies({
      market_rise_color: 'blue',
      market_change_period: '1h',
      curr_fiat: 'EURO',
      theme: '9',
    });
    expect(readPrefs(bad, 'en')).toEqual(DEFAULTS);
  });
  it('rate mode needs a fiat: currency_rate=1 without curr_fiat reads as closed', () => {
    expect(readPrefs(memoryCookies({ currency_rate: '1' }), 'en').currencyRate).toBe('closed');
  });
  it('follows the system scheme until the user changes the skin', () => {
    expect(readPrefs(memoryCookies({ theme: '0' }), 'en', true).theme).toBe(2);
    expect(readPrefs(memoryCookies({ theme: '0', theme_changed: '1' }), 'en', true).theme).toBe(0);
  });
});

describe('actions persist to cookies', () => {
  it('rise colour, change period and floatRate write their cookies (1 open, 0 closed)', () => {
    const jar = memoryCookies();
    setRiseColor('risered', jar);
    setChangePeriod('utc0', jar);
    setFloatRate('closed', jar);
    expect(jar.values).toEqual({
      market_rise_color: 'risered',
      market_change_period: 'utc0',
      float_rate: '0',
    });
    expect(prefsState).toMatchObject({ riseColor: 'risered', changePeriod: 'utc0', floatRate: 'closed' });
    expect(readPrefs(jar, 'en')).toMatchObject({
      riseColor: 'risered',
      changePeriod: 'utc0',
      floatRate: 'closed',
    });
  });
  it('theme stores 0/2 and the skin-changed flag', () => {
    const jar = memoryCookies();
    setTheme(2, jar);
    expect(jar.values).toEqual({ theme: '2', theme_changed: '1' });
    expect(prefsState).toMatchObject({ theme: 2, themeChanged: true });
  });
  it('choosing a fiat opens rate mode, stores curr_fiat and reloads (SPEC §4, §7)', () => {
    const jar = memoryCookies();
    const reload = vi.fn();
    selectFiat('try', jar, reload);
    expect(jar.values).toEqual({ currency_rate: '1', curr_fiat: 'TRY' });
    expect(prefsState).toMatchObject({ currencyRate: 'open', currFiat: 'TRY' });
    expect(reload).toHaveBeenCalledOnce();
  });
  it('ignores a malformed fiat code', () => {
    const jar = memoryCookies();
    const reload = vi.fn();
    selectFiat('<script>', jar, reload);
    expect(jar.values).toEqual({});
    expect(reload).not.toHaveBeenCalled();
  });
  it('turning the fiat-price toggle off clears the fiat without a reload (SPEC §4)', () => {
    const jar = memoryCookies({ currency_rate: '1', curr_fiat: 'EUR' });
    Object.assign(prefsState, readPrefs(jar, 'en'));
    const reload = vi.fn();
    setCurrencyRate('closed', 'USD', jar, reload);
    expect(jar.values).toEqual({ currency_rate: '0' });
    expect(prefsState).toMatchObject({ currencyRate: 'closed', currFiat: '' });
    expect(reload).not.toHaveBeenCalled();
  });
  it('turning it on selects the site fiat (default USD) and reloads', () => {
    const jar = memoryCookies();
    const reload = vi.fn();
    setCurrencyRate('open', 'USD', jar, reload);
    expect(jar.values[COOKIE.currFiat]).toBe('USD');
    expect(reload).toHaveBeenCalledOnce();
  });
});

describe('language switch (SPEC §4)', () => {
  it('sets red for Chinese and green otherwise when no rise colour is stored, storing nothing', () => {
    const jar = memoryCookies();
    applyLanguageDefaults('zh-tw', jar);
    expect(prefsState.riseColor).toBe('risered');
    applyLanguageDefaults('de', jar);
    expect(prefsState.riseColor).toBe('risegreen');
    expect(jar.values).toEqual({});
  });
  it('keeps a stored rise colour', () => {
    const jar = memoryCookies({ market_rise_color: 'risegreen' });
    prefsState.riseColor = 'risegreen';
    applyLanguageDefaults('zh', jar);
    expect(prefsState.riseColor).toBe('risegreen');
  });
});
