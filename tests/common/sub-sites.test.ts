// Sub-sites (SPEC §1): ids, the second site parameter, the host table, request resolution, per-site pairs and home
// links (common/domain/sub-sites.ts).
import { describe, expect, it } from 'vitest';
import {
  defaultSpotPair,
  HOST_SUB_SITES,
  isSubSiteId,
  MAIN_SITE,
  parseSubSiteId,
  resolveSubSite,
  siteParam,
  SUB_SITE,
  SUB_SITE_IDS,
  subSiteFromHost,
  subSiteHomeHref,
  subSiteName,
  testnetAuthorizeHref,
  type SubSiteId,
} from '../../common/domain/sub-sites.ts';
import { MAIN_SITE_HOST } from '../../common/domain/hosts.ts';

describe('sub-site home links (SPEC §1)', () => {
  it('real hosts by label, local hosts by query', () => {
    expect(subSiteHomeHref(SUB_SITE.TURKEY, 'www.masthead.example')).toBe('https://tr.masthead.example/');
    expect(subSiteHomeHref(SUB_SITE.TURKEY, 'us.masthead.example')).toBe('https://tr.masthead.example/');
    expect(subSiteHomeHref(SUB_SITE.GLOBAL, 'tr.masthead.example')).toBe('https://www.masthead.example/');
    expect(subSiteHomeHref(SUB_SITE.TURKEY, '127.0.0.1:4301')).toBe('/?sub_website_id=177');
    expect(subSiteHomeHref(SUB_SITE.TURKEY, 'localhost:5173')).toBe('/?sub_website_id=177');
  });
});

describe("testnet login (SPEC §2 'External': a testnet site with an authorize flow; §6 special login URL)", () => {
  it("is built on the main site's host, returning to the testnet page", () => {
    expect(testnetAuthorizeHref('/zh', '/zh/futures?x=1', 'testnet.exchange.example')).toBe(
      `https://${MAIN_SITE_HOST}/zh/login/authorize?client=testnet&redirect_uri=` +
        encodeURIComponent('https://testnet.exchange.example/zh/futures?x=1'),
    );
  });
  it('stays on the one development origin (localhost, an IP, no host)', () => {
    for (const host of ['localhost:4173', '127.0.0.1:8080', ''])
      expect(testnetAuthorizeHref('', '/', host)).toBe('/login/authorize?client=testnet&redirect_uri=%2F');
  });
});

describe('SPEC §1 sub-site ids and the second site parameter', () => {
  it('the ids of SPEC §1, global first (testnet 999 is ours)', () => {
    expect(SUB_SITE).toEqual({
      GLOBAL: 0,
      TURKEY: 177,
      MALTA: 106,
      HONG_KONG: 71,
      US: 232,
      BAHAMAS: 14,
      SINGAPORE: 153,
      UK: 182,
      JAPAN: 83,
      UAE: 181,
      EU: 777,
      TESTNET: 999,
    });
    expect(SUB_SITE_IDS[0]).toBe(0);
    expect([...SUB_SITE_IDS].sort((a, b) => a - b)).toEqual(Object.values(SUB_SITE).sort((a, b) => a - b));
    expect(MAIN_SITE).toBe(SUB_SITE.GLOBAL);
  });

  it('isSubSiteId knows each id and nothing else; subSiteName names each id, global for an unknown one', () => {
    for (const [name, id] of Object.entries(SUB_SITE)) {
      expect(isSubSiteId(id)).toBe(true);
      expect(subSiteName(id)).toBe(name);
    }
    for (const n of [1, 178, -177, 177.5, NaN]) expect(isSubSiteId(n)).toBe(false);
    expect(subSiteName(5 as SubSiteId)).toBe('GLOBAL');
  });

  it('site parameter: Turkey 2, Malta 3, every other site 0', () => {
    for (const id of SUB_SITE_IDS)
      expect(siteParam(id)).toBe(id === SUB_SITE.TURKEY ? 2 : id === SUB_SITE.MALTA ? 3 : 0);
  });
});

describe('SPEC §1 which sub-site a request is for (docs/API.md "Sub-site selection")', () => {
  const LABELS: Record<string, SubSiteId> = {
    tr: SUB_SITE.TURKEY,
    mt: SUB_SITE.MALTA,
    hk: SUB_SITE.HONG_KONG,
    us: SUB_SITE.US,
    bs: SUB_SITE.BAHAMAS,
    sg: SUB_SITE.SINGAPORE,
    uk: SUB_SITE.UK,
    jp: SUB_SITE.JAPAN,
    ae: SUB_SITE.UAE,
    eu: SUB_SITE.EU,
    testnet: SUB_SITE.TESTNET,
  };

  it('the first DNS label picks the site (case-insensitive, port ignored)', () => {
    expect(HOST_SUB_SITES).toEqual(LABELS);
    for (const [label, id] of Object.entries(LABELS)) {
      expect(subSiteFromHost(`${label}.exchange.example`)).toBe(id);
      expect(subSiteFromHost(`${label.toUpperCase()}.Exchange.Example:8443`)).toBe(id);
    }
  });

  it('any other host is the global site: www, apex, a bare name, an IP, a label that only contains a key', () => {
    for (const host of [
      'www.exchange.example',
      'exchange.example',
      'tr',
      'testnet:8080',
      'localhost:5173',
      '177.0.0.1',
      '10.0.0.1:4301',
      'trx.exchange.example',
      'a.tr.exchange.example',
      'trx',
      'ukx:8080',
      'constructor.exchange.example',
      '.exchange.example',
      '',
      undefined,
    ])
      expect(subSiteFromHost(host), String(host)).toBe(SUB_SITE.GLOBAL);
  });

  it('a sub_website_id value is 1–6 digits naming a known site; anything else is none', () => {
    expect(parseSubSiteId('177')).toBe(SUB_SITE.TURKEY);
    expect(parseSubSiteId('0')).toBe(SUB_SITE.GLOBAL);
    expect(parseSubSiteId('000153')).toBe(SUB_SITE.SINGAPORE);
    for (const v of [
      '0000177',
      ' 177',
      '177 ',
      '177x',
      'x177',
      '0xb1',
      '1.77e2',
      '+177',
      '178',
      '',
      null,
      undefined,
    ])
      expect(parseSubSiteId(v), String(v)).toBeNull();
  });

  it('query first, then the cookie, then the host; an unknown id falls through', () => {
    expect(resolveSubSite({ query: '153', cookie: '83', host: 'tr.exchange.example' })).toBe(
      SUB_SITE.SINGAPORE,
    );
    expect(resolveSubSite({ query: '5', cookie: '83', host: 'tr.exchange.example' })).toBe(SUB_SITE.JAPAN);
    expect(resolveSubSite({ cookie: 'x', host: 'tr.exchange.example' })).toBe(SUB_SITE.TURKEY);
    expect(resolveSubSite({})).toBe(SUB_SITE.GLOBAL);
  });
});

describe('SPEC §2 trading variants: the spot pair each site leads with', () => {
  it('Turkey BTC_TRY, Singapore BTC_SGD, Malta and EU BTC_USDC, Japan and UAE BTC_JPY, the rest BTC_USDT', () => {
    const expected: Partial<Record<SubSiteId, string>> = {
      [SUB_SITE.TURKEY]: 'BTC_TRY',
      [SUB_SITE.SINGAPORE]: 'BTC_SGD',
      [SUB_SITE.MALTA]: 'BTC_USDC',
      [SUB_SITE.EU]: 'BTC_USDC',
      [SUB_SITE.JAPAN]: 'BTC_JPY',
      [SUB_SITE.UAE]: 'BTC_JPY',
    };
    for (const id of SUB_SITE_IDS)
      expect(defaultSpotPair(id), subSiteName(id)).toBe(expected[id] ?? 'BTC_USDT');
  });
});

describe('SPEC §1 sub-site home links: real and development hosts', () => {
  it('an apex or unknown first label is kept as the base domain; www and site labels are replaced', () => {
    expect(subSiteHomeHref(SUB_SITE.SINGAPORE, 'exchange.example')).toBe('https://sg.exchange.example/');
    expect(subSiteHomeHref(SUB_SITE.SINGAPORE, 'app.exchange.example')).toBe(
      'https://sg.app.exchange.example/',
    );
    expect(subSiteHomeHref(SUB_SITE.SINGAPORE, 'WWW.Exchange.Example')).toBe('https://sg.exchange.example/');
    expect(subSiteHomeHref(SUB_SITE.TURKEY, 'sg.exchange.example')).toBe('https://tr.exchange.example/');
    expect(subSiteHomeHref(SUB_SITE.GLOBAL, 'testnet.exchange.example')).toBe(
      'https://www.exchange.example/',
    );
  });

  it('a real domain keeps its port; a host starting with a digit is not an IP address', () => {
    expect(subSiteHomeHref(SUB_SITE.TURKEY, 'www.exchange.example:8443')).toBe(
      'https://tr.exchange.example:8443/',
    );
    expect(subSiteHomeHref(SUB_SITE.TURKEY, '1exchange.example')).toBe('https://tr.1exchange.example/');
  });

  it('development hosts (a bare name, an IP with or without a port, localhost.*) link by query', () => {
    for (const host of ['devbox', '192.168.1.5', '10.0.0.1:4301', 'localhost', 'localhost.localdomain:3000'])
      expect(subSiteHomeHref(SUB_SITE.SINGAPORE, host), host).toBe('/?sub_website_id=153');
  });

  it('testnet login with no host given is the same-origin path', () => {
    expect(testnetAuthorizeHref('/ja', '/ja/futures')).toBe(
      '/ja/login/authorize?client=testnet&redirect_uri=%2Fja%2Ffutures',
    );
  });
});
