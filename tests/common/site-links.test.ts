// The one cross-site link rule (common/domain/site-links.ts, SPEC §1, §2 'Language links go to the main site',
// §4 the Turkish question): the header's Turkey link, "Go to the Turkey site", "Stay on the global site in Turkish"
// and every language link on a regional sub-site agree on the host, and every result passes the URL policy.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../common/domain/locales.ts';
import { subSiteHref } from '../../common/domain/site-links.ts';
import { HOST_SUB_SITES, SUB_SITE, SUB_SITE_IDS, subSiteHomeHref } from '../../common/domain/sub-sites.ts';
import { safeUrl } from '../../common/url-policy.ts';
import { languageHref, turkeySiteHref } from '../../src/settings/language-links.ts';

const PROD = { site: SUB_SITE.UK, host: 'uk.exchange.example' } as const;
const LOCAL = { site: SUB_SITE.UK, host: 'localhost:4173' } as const;
/** Every host of the site family: www and each sub-site's label. */
const HOSTS = ['www', ...Object.keys(HOST_SUB_SITES)].map((label) => `${label}.exchange.example`);

describe('subSiteHref: one rule for every link to another sub-site', () => {
  it.each([
    [
      SUB_SITE.GLOBAL,
      '/tr/trade/BTC_USDT?tab=1',
      PROD,
      'https://www.exchange.example/tr/trade/BTC_USDT?tab=1',
    ],
    [SUB_SITE.TURKEY, '/tr/trade/BTC_USDT', PROD, 'https://tr.exchange.example/tr/trade/BTC_USDT'],
    [SUB_SITE.UK, '/de/fee', PROD, '/de/fee'],
    [SUB_SITE.GLOBAL, '/ja/fee?sub_website_id=182', PROD, 'https://www.exchange.example/ja/fee'],
    [SUB_SITE.GLOBAL, '/tr/fee', LOCAL, '/tr/fee?sub_website_id=0'],
    [SUB_SITE.TURKEY, '/tr/fee?sub_website_id=182&x=1', LOCAL, '/tr/fee?x=1&sub_website_id=177'],
    [SUB_SITE.GLOBAL, '//evil.example/x', PROD, 'https://www.exchange.example/'],
  ] as const)('to %s: %s from %j → %s', (target, path, from, expected) => {
    expect(subSiteHref(target, path, from)).toBe(expected);
  });

  it("agrees with the header's own Turkey link on the host (subSiteHomeHref)", () => {
    for (const host of ['www.exchange.example', 'uk.exchange.example', 'localhost:4173', '127.0.0.1:4320'])
      expect(subSiteHref(SUB_SITE.TURKEY, '/', { site: SUB_SITE.GLOBAL, host })).toBe(
        subSiteHomeHref(SUB_SITE.TURKEY, host),
      );
  });

  it('yields a safe same-origin path or an https URL of the site family, for any path (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...SUB_SITE_IDS),
        fc.constantFrom(...SUB_SITE_IDS),
        fc.oneof(fc.string(), fc.webPath(), fc.constant('/\\evil')),
        fc.constantFrom('uk.exchange.example', 'www.exchange.example', 'localhost:4173'),
        (target, site, path, host) => {
          const out = subSiteHref(target, path, { site, host });
          return safeUrl(out, HOSTS) === out;
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('language links on a regional sub-site (SPEC §2, §4)', () => {
  it('go to the main site, on its host or with sub_website_id=0 locally', () => {
    expect(languageHref('de', '/trade/BTC_USDT', '?tab=1', PROD)).toBe(
      'https://www.exchange.example/de/trade/BTC_USDT?tab=1',
    );
    expect(languageHref('en', '/fee', '', LOCAL)).toBe('/fee?sub_website_id=0');
    for (const locale of LOCALES)
      expect(languageHref(locale, '/fee', '', PROD).startsWith('https://www.exchange.example/')).toBe(true);
  });

  it('stay same-origin paths on the global site', () => {
    expect(languageHref('ja', '/fee', '', { site: SUB_SITE.GLOBAL, host: 'www.exchange.example' })).toBe(
      '/ja/fee',
    );
    expect(languageHref('ja', '/fee', '', { site: SUB_SITE.GLOBAL, host: 'localhost:4173' })).toBe('/ja/fee');
  });

  it('"Stay on the global site in Turkish" leaves the regional site; "Go to the Turkey site" uses the Turkey host', () => {
    expect(languageHref('tr', '/fee', '', PROD)).toBe('https://www.exchange.example/tr/fee');
    expect(turkeySiteHref('/fee', '', PROD)).toBe('https://tr.exchange.example/tr/fee');
    expect(turkeySiteHref('/fee', '', LOCAL)).toBe('/tr/fee?sub_website_id=177');
    expect(new URL(turkeySiteHref('/', '', PROD)).host).toBe(
      new URL(subSiteHomeHref(SUB_SITE.TURKEY, PROD.host)).host,
    );
  });

  it('on the Turkey site, Turkish switches there directly and other languages go to the main site', () => {
    const tr = { site: SUB_SITE.TURKEY, host: 'tr.exchange.example' } as const;
    expect(languageHref('tr', '/fee', '', tr)).toBe('/tr/fee');
    expect(languageHref('en', '/fee', '', tr)).toBe('https://www.exchange.example/fee');
  });
});
