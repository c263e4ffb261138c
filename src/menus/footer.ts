/**
 * Footer links as data (SPEC §2 'Footer'): every link is declared once with its policy key (`footer:{path}`), its
 * i18n key (namespace `footer`) and its group, so the one visibility policy covers the footer rules of SPEC §6
 * (Italy-limited main list, UK-limited links, compliance keys). Pure; hrefs are built in src/footer/footer-model.ts.
 *
 * Choices where SPEC §2 is terse (docs/ARCHITECTURE.md 'Footer'):
 * - Turkey "adds" its links to the global footer: `/about-us` replaces `/about_us`, the fiat deposit and withdraw
 *   pages join Products; `/learn` and `/price` are already in the global list.
 * - Every other regional site shows exactly its SPEC list, grouped as Products / Support / Services.
 * - `/c2c/merchant` becomes `/p2p/merchant` in Chinese locales; the duplicate is then shown once.
 */
import { SUB_SITE, type SubSiteId } from '../../common/domain/sub-sites.ts';
import { footerLinkKey } from './footer-keys.ts';

export { UK_LIMIT_FOOTER_HIDDEN } from './footer-keys.ts';

/** Groups of the footer's main list, in display order. */
export type FooterGroupKey =
  | 'about'
  | 'legal'
  | 'products'
  | 'services'
  | 'support'
  | 'learn'
  | 'popular-price'
  | 'popular-buy'
  | 'popular-prediction'
  | 'popular-converter';

/** One footer link: a path on this site, or (`host: 'malta'`) on the Malta entity's site. */
export interface FooterLink {
  /** Policy key, `footer:{path}` (SPEC §6 rules name links by path). */
  key: string;
  path: string;
  group: FooterGroupKey;
  /** i18n key in `footer` (interpolated with `{{name}}` … for popular-coin links). */
  titleKey: string;
  /** Values for the title (popular-coin links). */
  titleValues?: Readonly<Record<string, string>>;
  host?: 'malta';
}

function link(group: FooterGroupKey, path: string, titleKey: string, host?: 'malta'): FooterLink {
  return { key: footerLinkKey(path), path, group, titleKey: `link.${titleKey}`, ...(host ? { host } : {}) };
}

/** The global footer (SPEC §2 'Global links'), all 50 links in six groups. */
export const FOOTER_GLOBAL_LINKS: readonly FooterLink[] = [
  link('about', '/about_us', 'aboutUs'),
  link('about', '/page/careers', 'careers'),
  link('about', '/brand-partnerships', 'brandPartnerships'),
  link('about', '/media-kit', 'mediaKit'),
  link('about', '/global-conferences', 'conferences'),
  link('about', '/ventures', 'ventures'),
  link('about', '/charity', 'charity'),
  link('legal', '/user-agreement', 'userAgreement'),
  link('legal', '/privacy-policy', 'privacy'),
  link('legal', '/cookie-policy', 'cookies'),
  link('legal', '/risk-disclosure', 'risk'),
  link('legal', '/gategroup/legal/licenses', 'licenses'),
  link('legal', '/legal/law-enforcement', 'lawEnforcement'),
  link('legal', '/proof_of_reserves', 'proofOfReserves'),
  link('legal', '/security', 'security'),
  link('legal', '/security-audit', 'securityAudit'),
  link('products', '/crypto/buy', 'buyCrypto'),
  link('products', '/crypto/sell', 'sellCrypto'),
  link('products', '/trade/BTC_USDT', 'spot'),
  link('products', '/futures_center', 'futures'),
  link('products', '/etf', 'etf'),
  link('products', '/nft', 'nft'),
  link('products', '/gatepay', 'pay'),
  link('products', '/mini-app', 'miniApp'),
  link('products', '/gift-card', 'giftCard'),
  link('products', '/otc', 'otc'),
  link('products', '/card', 'card'),
  link('products', '/shop', 'shop'),
  link('products', '/gt', 'gt'),
  link('services', '/vip', 'vip'),
  link('services', '/c2c/merchant', 'merchant'),
  link('services', '/p2p/merchant', 'p2pMerchant'),
  link('services', '/referral/affiliate', 'affiliate'),
  link('services', '/listing', 'listing'),
  link('services', '/developers', 'api'),
  link('services', '/officialverify', 'verify'),
  link('services', '/bigdata', 'bigdata'),
  link('support', '/help', 'help'),
  link('support', '/announcements', 'announcements'),
  link('support', '/fee', 'fee'),
  link('support', '/calendar', 'calendar'),
  link('support', '/suggestions-feedback', 'feedback'),
  link('learn', '/learn', 'learn'),
  link('learn', '/learn/course', 'courses'),
  link('learn', '/learn/glossary', 'glossary'),
  link('learn', '/price', 'prices'),
  link('learn', '/converter', 'converter'),
  link('learn', '/crypto-wiki', 'wiki'),
  link('learn', '/explore/bitcoin-halving-countdown', 'halving'),
  link('learn', '/community', 'community'),
];

/** Turkey's additions to the global list (SPEC §2 'Turkey adds …'); `/about-us` replaces `/about_us`. */
export const FOOTER_TURKEY_ADDITIONS: readonly FooterLink[] = [
  link('about', '/about-us', 'aboutUs'),
  link('products', '/myaccount/deposit_fiat', 'depositFiat'),
  link('products', '/myaccount/withdraw_fiat', 'withdrawFiat'),
  link('learn', '/learn', 'learn'),
  link('learn', '/price', 'prices'),
];

const contactsTradeFeeHelpNews = (pair: string): readonly FooterLink[] => [
  link('products', `/trade/${pair}`, 'spot'),
  link('support', '/fee', 'fee'),
  link('support', '/help', 'help'),
  link('support', '/announcements', 'announcements'),
  link('support', '/page/contacts', 'contacts'),
];

const maltaHost: readonly FooterLink[] = [
  link('products', '/trade/BTC_USDC', 'spot', 'malta'),
  link('products', '/otc', 'otc', 'malta'),
  link('support', '/fee', 'fee', 'malta'),
  link('support', '/help', 'help', 'malta'),
  link('support', '/officialverify', 'verify', 'malta'),
  link('services', '/referral', 'referral', 'malta'),
  link('services', '/docs/developers', 'apiDocs', 'malta'),
];

/** Regional footers (SPEC §2 'Regional variants'): exactly the listed links. Malta and EU use the Malta host. */
export const FOOTER_REGIONAL_LINKS: Partial<Record<SubSiteId, readonly FooterLink[]>> = {
  [SUB_SITE.HONG_KONG]: [
    link('products', '/trade/BTC_USDT', 'spot'),
    link('support', '/fee', 'fee'),
    link('support', '/help', 'help'),
    link('support', '/articlelist/ann', 'announcements'),
  ],
  [SUB_SITE.SINGAPORE]: contactsTradeFeeHelpNews('BTC_USDT'),
  [SUB_SITE.UK]: contactsTradeFeeHelpNews('BTC_USDT'),
  [SUB_SITE.BAHAMAS]: contactsTradeFeeHelpNews('BTC_USDT'),
  [SUB_SITE.JAPAN]: contactsTradeFeeHelpNews('BTC_JPY'),
  [SUB_SITE.UAE]: contactsTradeFeeHelpNews('BTC_JPY'),
  [SUB_SITE.US]: [
    link('products', '/myaccount/myfunds', 'funds'),
    link('support', '/fee', 'fee'),
    link('support', '/help', 'help'),
    link('support', '/page/contacts', 'contacts'),
  ],
  [SUB_SITE.MALTA]: maltaHost,
  [SUB_SITE.EU]: maltaHost,
};

/** Policy keys of the popular-coin link families (SPEC §2 templated links); the policy may hide a family. */
export const POPULAR_KEYS = {
  price: footerLinkKey('/price/{coin-slug}'),
  buy: footerLinkKey('/how-to-buy/{coin-slug}'),
  prediction: footerLinkKey('/price-prediction/{coin-slug}'),
  converter: footerLinkKey('/converter/{coin}/{pair}'),
} as const;

/** A coin of the popular group (server GET /api/web/v1/site/popular_coins). */
export interface PopularCoin {
  /** Base currency code, upper case (`BTC`). */
  currency: string;
  /** Display name (`Bitcoin`). */
  name: string;
  /** URL slug of the name (`bitcoin`). */
  slug: string;
}

/** The quote the converter links pair with (`/converter/btc/usdt`). */
export const CONVERTER_QUOTE = 'USDT';

/** The popular group's links for these coins (SPEC §2 templated links), four families in coin order. Pure. */
export function popularLinks(coins: readonly PopularCoin[]): FooterLink[] {
  const slug = (s: string) => encodeURIComponent(s.toLowerCase());
  const out: FooterLink[] = [];
  const fam = (group: FooterGroupKey, key: string, titleKey: string, p: (c: PopularCoin) => string) => {
    for (const c of coins)
      out.push({
        key,
        path: p(c),
        group,
        titleKey,
        titleValues: { name: c.name, base: c.currency, quote: CONVERTER_QUOTE },
      });
  };
  fam('popular-price', POPULAR_KEYS.price, 'popular.price', (c) => `/price/${slug(c.slug)}`);
  fam('popular-buy', POPULAR_KEYS.buy, 'popular.buy', (c) => `/how-to-buy/${slug(c.slug)}`);
  fam('popular-prediction', POPULAR_KEYS.prediction, 'popular.prediction', (c) => `/price-prediction/${slug(c.slug)}`);
  fam('popular-converter', POPULAR_KEYS.converter, 'popular.converter', (c) => `/converter/${slug(c.currency)}/${slug(CONVERTER_QUOTE)}`);
  return out;
} // prettier-ignore

/**
 * The main-list links of a site and locale, before the policy: the regional list, or the global list (plus Turkey's
 * additions). Chinese locales link `/p2p/merchant` instead of `/c2c/merchant` and show it once. Pure.
 */
export function footerLinks(site: SubSiteId, locale: string): FooterLink[] {
  const regional = FOOTER_REGIONAL_LINKS[site];
  if (regional) return [...regional];
  const chinese = locale === 'zh' || locale === 'zh-tw';
  let links = FOOTER_GLOBAL_LINKS.filter((l) => !(chinese && l.path === '/c2c/merchant'));
  if (site === SUB_SITE.TURKEY) {
    const have = new Set(links.map((l) => l.path));
    links = links.filter((l) => l.path !== '/about_us');
    const about = FOOTER_TURKEY_ADDITIONS.filter((l) => !have.has(l.path));
    links = [...about, ...links];
  }
  return links;
}

/** True for the sites that show the global list (and so the popular group): global, Turkey, testnet. */
export function showsGlobalList(site: SubSiteId): boolean {
  return FOOTER_REGIONAL_LINKS[site] === undefined;
}
