// The search micro-app's props (src/search/search-props.ts, SPEC §7 'props: language, fiat rates, current fiat,
// language prefix, market rates for fiat, default P2P fiat, search version 5, theme dark/light, coin icon version
// whitelist') and the versioned icon URL the whitelist gives, through the one URL policy.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ICON_HOSTS } from '../../common/domain/hosts.ts';
import { safeUrl } from '../../common/url-policy.ts';
import { versionedIconSrc } from '../../src/search/icon-version.ts';
import {
  COIN_ICON_VERSION,
  COIN_ICON_VERSION_WHITELIST,
  searchAppProps,
} from '../../src/search/search-props.ts';

describe('searchAppProps (SPEC §7)', () => {
  it('carries every prop SPEC §7 lists, the coin icon version whitelist included', () => {
    const props = searchAppProps({
      locale: 'ja',
      langPrefix: '/ja',
      theme: 2,
      currencyRate: 'open',
      currFiat: 'EUR',
      fiatRates: { EUR: 0.9 },
      siteData: null,
    });
    expect(props).toEqual({
      language: 'ja',
      fiatRates: { EUR: 0.9 },
      currFiat: 'EUR',
      langPrefix: '/ja',
      currFiatMarketRates: {},
      defaultP2PFiat: 'USD',
      searchVersion: 5,
      theme: 'dark',
      coinIconVersionWhitelist: COIN_ICON_VERSION_WHITELIST,
    });
  });
  it.each([
    ['zh', 'cn'],
    ['zh-tw', 'tw'],
    ['pt', 'pt-PT'],
    ['pt-br', 'pt-BR'],
    ['ar', 'ar'],
  ] as const)(
    "sends the language in the back end's code (SPEC §9 locale mapping): %s → %s",
    (locale, code) => {
      const props = searchAppProps({
        locale,
        langPrefix: `/${locale}`,
        theme: 0,
        currencyRate: 'closed',
        currFiat: '',
        fiatRates: {},
        siteData: null,
      });
      expect(props.language).toBe(code);
    },
  );
});

describe('versionedIconSrc', () => {
  const list = ['GT', 'BTC'];
  it.each([
    ['/coin-icons/gt.svg', 'GT', `/coin-icons/gt.svg?v=${COIN_ICON_VERSION}`],
    ['/coin-icons/btc.svg', 'btc', `/coin-icons/btc.svg?v=${COIN_ICON_VERSION}`],
    ['/coin-icons/btc.svg?v=1&x=y', 'BTC', `/coin-icons/btc.svg?v=${COIN_ICON_VERSION}&x=y`],
    ['/coin-icons/eth.svg', 'ETH', '/coin-icons/eth.svg'],
    [
      `https://${ICON_HOSTS[0]}/coin/gt.png`,
      'GT',
      `https://${ICON_HOSTS[0]}/coin/gt.png?v=${COIN_ICON_VERSION}`,
    ],
    ['https://evil.example/gt.png', 'GT', null],
    ['javascript:alert(1)', 'GT', null],
    ['//evil.example/gt.png', 'GT', null],
    [null, 'GT', null],
  ] as const)('%s (%s) → %s', (src, symbol, expected) => {
    expect(versionedIconSrc(src, symbol, list)).toBe(expected);
  });

  it('only ever yields what the URL policy accepts for icons (property)', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string(), fc.webUrl(), fc.constant(`https://${ICON_HOSTS[0]}/x.svg`)),
        fc.constantFrom('GT', 'BTC', 'eth'),
        (src, symbol) => {
          const out = versionedIconSrc(src, symbol, list);
          return out === null || safeUrl(out, ICON_HOSTS) === out;
        },
      ),
      { numRuns: 500 },
    );
  });
});
