// Footer link set per sub-site × persona (SPEC §2 'Footer', §6): the view model (src/footer/footer-model.ts) run
// through the real policy for every site and every demo persona, against an oracle written from the SPEC text
// (paths copied from SPEC §2, compliance keys from docs/API.md) rather than from the footer data module.
import { describe, expect, it } from 'vitest';
import { MALTA_SITE_HOST } from '../../common/domain/hosts.ts';
import { SUB_SITE, SUB_SITE_IDS, subSiteName, type SubSiteId } from '../../common/domain/sub-sites.ts';
import { footerGroups, type FooterGroupView } from '../../src/footer/footer-model.ts';
import { UK_LIMIT_FOOTER_HIDDEN, type PopularCoin } from '../../src/menus/footer.ts';
import { decideVisibility, isVisible } from '../../src/policy/visibility.ts';
import { PERSONA_NAMES } from '../../server/personas.ts';
import { scenario, type Who } from '../policy/fixtures.ts';

const SPEC_GLOBAL =
  `/about_us, /page/careers, /brand-partnerships, /user-agreement, /risk-disclosure, /privacy-policy,
/cookie-policy, /media-kit, /proof_of_reserves, /gategroup/legal/licenses, /security, /gt, /calendar,
/legal/law-enforcement, /global-conferences, /ventures, /crypto/buy, /crypto/sell, /trade/BTC_USDT, /futures_center,
/etf, /nft, /gatepay, /mini-app, /gift-card, /otc, /charity, /card, /shop, /vip, /suggestions-feedback,
/announcements, /fee, /help, /listing, /security-audit, /developers, /officialverify, /c2c/merchant, /p2p/merchant,
/referral/affiliate, /learn, /learn/course, /learn/glossary, /price, /bigdata, /explore/bitcoin-halving-countdown,
/converter, /crypto-wiki, /community`
    .split(/,\s*/)
    .map((s) => s.trim());

const MALTA = [
  '/trade/BTC_USDC',
  '/fee',
  '/otc',
  '/help',
  '/officialverify',
  '/referral',
  '/docs/developers',
];
const SPEC_REGIONAL: Partial<Record<SubSiteId, string[]>> = {
  [SUB_SITE.HONG_KONG]: ['/trade/BTC_USDT', '/fee', '/help', '/articlelist/ann'],
  [SUB_SITE.SINGAPORE]: ['/page/contacts', '/trade/BTC_USDT', '/fee', '/help', '/announcements'],
  [SUB_SITE.UK]: ['/page/contacts', '/trade/BTC_USDT', '/fee', '/help', '/announcements'],
  [SUB_SITE.BAHAMAS]: ['/page/contacts', '/trade/BTC_USDT', '/fee', '/help', '/announcements'],
  [SUB_SITE.JAPAN]: ['/page/contacts', '/trade/BTC_JPY', '/fee', '/help', '/announcements'],
  [SUB_SITE.UAE]: ['/page/contacts', '/trade/BTC_JPY', '/fee', '/help', '/announcements'],
  [SUB_SITE.US]: ['/page/contacts', '/myaccount/myfunds', '/help', '/fee'],
  [SUB_SITE.MALTA]: MALTA,
  [SUB_SITE.EU]: MALTA,
};
const TURKEY_ADDS = ['/about-us', '/myaccount/deposit_fiat', '/myaccount/withdraw_fiat', '/learn', '/price'];

/** Compliance keys (SPEC §3) → the footer paths they hide. */
const COMPLIANCE_FOOTER: Record<string, string[]> = {
  ventures: ['/ventures'],
  derivatives: ['/futures_center'],
  margin_etf_trade: ['/etf'],
  nft: ['/nft'],
  gatepay: ['/gatepay'],
  gate_otc: ['/otc'],
  gate_card: ['/card'],
  gate_shop: ['/shop'],
  vip_service: ['/vip'],
  help_center: ['/help'],
  affiliate: ['/referral/affiliate'],
  learn: ['/learn'],
};

function expectedPaths(site: SubSiteId, who: Who, locale: string): string[] {
  const input = scenario(site, who);
  if (input.flags.isItalyLimit) return [];
  const chinese = locale === 'zh' || locale === 'zh-tw';
  let paths = SPEC_REGIONAL[site] ?? SPEC_GLOBAL.filter((p) => !(chinese && p === '/c2c/merchant'));
  if (site === SUB_SITE.TURKEY)
    paths = [...new Set([...paths.filter((p) => p !== '/about_us'), ...TURKEY_ADDS])];
  const hidden = new Set(input.compliance.flatMap((k) => COMPLIANCE_FOOTER[k] ?? []));
  if (input.flags.nftFlag === '1') hidden.add('/nft');
  if (input.flags.isUKLimit) UK_LIMIT_FOOTER_HIDDEN.forEach((k) => hidden.add(k.slice('footer:'.length)));
  return paths.filter((p) => !hidden.has(p)).sort();
}

const COINS: PopularCoin[] = [
  { currency: 'BTC', name: 'Bitcoin', slug: 'bitcoin' },
  { currency: 'ETH', name: 'Ethereum', slug: 'ethereum' },
];

function model(site: SubSiteId, who: Who, locale: 'en' | 'zh' = 'en', langPrefix = ''): FooterGroupView[] {
  return footerGroups({
    site,
    locale,
    langPrefix,
    decision: decideVisibility(scenario(site, who)),
    coins: COINS,
  });
}

function mainPaths(groups: FooterGroupView[]): string[] {
  return groups
    .filter((g) => !g.key.startsWith('popular-'))
    .flatMap((g) => g.links.map((l) => l.key.slice('footer:'.length)))
    .sort();
}

const WHO: readonly Who[] = ['anonymous', ...PERSONA_NAMES];

describe('footer link set per sub-site × persona (SPEC §2, §6)', () => {
  for (const site of SUB_SITE_IDS) {
    for (const who of WHO) {
      it(`${subSiteName(site)} × ${who}`, () => {
        expect(mainPaths(model(site, who))).toEqual(expectedPaths(site, who, 'en'));
      });
    }
  }
});

describe('footer rules (SPEC §2, §6)', () => {
  it('the global list has the 50 SPEC links; Chinese locales link /p2p/merchant instead of /c2c/merchant', () => {
    const en = mainPaths(model(SUB_SITE.GLOBAL, 'anonymous'));
    expect(en).toHaveLength(50);
    const zh = model(SUB_SITE.GLOBAL, 'anonymous', 'zh', '/zh').flatMap((g) => g.links.map((l) => l.href));
    expect(zh).toContain('/zh/p2p/merchant');
    expect(zh.some((h) => h.includes('/c2c/merchant'))).toBe(false);
    expect(zh.filter((h) => h === '/zh/p2p/merchant')).toHaveLength(1);
  });

  it('links are real paths under the language prefix', () => {
    const hrefs = model(SUB_SITE.GLOBAL, 'vip', 'zh', '/zh').flatMap((g) => g.links.map((l) => l.href));
    for (const h of hrefs) expect(h.startsWith('/zh/')).toBe(true);
  });

  it('Malta and EU link to the Malta host with the language prefix', () => {
    for (const site of [SUB_SITE.MALTA, SUB_SITE.EU]) {
      const links = model(site, 'anonymous', 'zh', '/zh').flatMap((g) => g.links);
      expect(links.map((l) => l.href).sort()).toEqual(
        MALTA.map((p) => `https://${MALTA_SITE_HOST}/zh${p}`).sort(),
      );
      expect(links.every((l) => l.external)).toBe(true);
    }
  });

  it('EU footer clicks are blocked; no other site blocks them', () => {
    for (const site of SUB_SITE_IDS)
      expect(decideVisibility(scenario(site, 'anonymous')).footerClickBlocked).toBe(site === SUB_SITE.EU);
  });

  it('Italy-limited hides the whole main list, popular coins included', () => {
    expect(model(SUB_SITE.GLOBAL, 'italy')).toEqual([]);
    expect(model(SUB_SITE.GLOBAL, 'vip').length).toBeGreaterThan(0);
  });

  it('UK-limited hides promotions of products it cannot use, keeps legal, support and learning links', () => {
    const uk = mainPaths(model(SUB_SITE.GLOBAL, 'uk'));
    for (const p of ['/futures_center', '/etf', '/crypto/buy', '/referral/affiliate', '/gift-card', '/otc'])
      expect(uk).not.toContain(p);
    for (const p of ['/user-agreement', '/risk-disclosure', '/privacy-policy', '/help', '/fee', '/learn'])
      expect(uk).toContain(p);
  });

  it('social icons hide when UK-limited or on Singapore, Bahamas, UK, Japan, UAE', () => {
    const noSocial: SubSiteId[] = [
      SUB_SITE.SINGAPORE,
      SUB_SITE.BAHAMAS,
      SUB_SITE.UK,
      SUB_SITE.JAPAN,
      SUB_SITE.UAE,
    ];
    for (const site of SUB_SITE_IDS)
      for (const who of WHO) {
        const d = decideVisibility(scenario(site, who));
        expect(isVisible(d, 'footer-social'), `${subSiteName(site)} ${who}`).toBe(
          !(who === 'uk' || noSocial.includes(site)),
        );
      }
  });

  it('the app QR code shows on the global site only', () => {
    for (const site of SUB_SITE_IDS)
      expect(isVisible(decideVisibility(scenario(site, 'anonymous')), 'footer-qr')).toBe(
        site === SUB_SITE.GLOBAL,
      );
  });

  it('popular coins give /price, /how-to-buy, /price-prediction and /converter links on the global list only', () => {
    const popular = model(SUB_SITE.GLOBAL, 'anonymous').filter((g) => g.key.startsWith('popular-'));
    expect(popular.flatMap((g) => g.links.map((l) => l.href))).toEqual([
      '/price/bitcoin', '/price/ethereum', '/how-to-buy/bitcoin', '/how-to-buy/ethereum',
      '/price-prediction/bitcoin', '/price-prediction/ethereum', '/converter/btc/usdt', '/converter/eth/usdt',
    ]); // prettier-ignore
    expect(model(SUB_SITE.TURKEY, 'anonymous').some((g) => g.key === 'popular-price')).toBe(true);
    expect(model(SUB_SITE.US, 'anonymous').some((g) => g.key.startsWith('popular-'))).toBe(false);
    const none = footerGroups({
      site: SUB_SITE.GLOBAL,
      locale: 'en',
      langPrefix: '',
      decision: decideVisibility(scenario(SUB_SITE.GLOBAL, 'anonymous')),
      coins: [],
    });
    expect(none.some((g) => g.key.startsWith('popular-'))).toBe(false);
  });
});
