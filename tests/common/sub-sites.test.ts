// Sub-site home links (SPEC §1): common/domain/sub-sites.ts.
import { describe, expect, it } from 'vitest';
import { SUB_SITE, subSiteHomeHref, testnetAuthorizeHref } from '../../common/domain/sub-sites.ts';
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
