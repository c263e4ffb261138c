/**
 * Footer link data (SPEC §2 'Footer') as keys and paths, so the visibility policy can cover the footer rules of
 * SPEC §6 (Italy-limited main list, UK-limited links, social icons, app QR, EU click blocking). The footer view is
 * not part of this header library yet; it would render these through the policy. Pure.
 */
import { SUB_SITE, type SubSiteId } from '../../common/domain/sub-sites.ts';

/** Footer controls the policy decides on (not links). */
export const FOOTER_CONTROLS = ['footer-main-list', 'footer-social', 'footer-qr', 'tr-reminder'] as const;

/** Global footer links (SPEC §2); `/c2c/merchant` becomes `/p2p/merchant` in Chinese locales. */
export const FOOTER_GLOBAL_PATHS: readonly string[] = [
  '/about_us', '/page/careers', '/brand-partnerships', '/user-agreement', '/risk-disclosure', '/privacy-policy',
  '/cookie-policy', '/media-kit', '/proof_of_reserves', '/gategroup/legal/licenses', '/security', '/gt', '/calendar',
  '/legal/law-enforcement', '/global-conferences', '/ventures', '/crypto/buy', '/crypto/sell', '/trade/BTC_USDT',
  '/futures_center', '/etf', '/nft', '/gatepay', '/mini-app', '/gift-card', '/otc', '/charity', '/card', '/shop', '/vip',
  '/suggestions-feedback', '/announcements', '/fee', '/help', '/listing', '/security-audit', '/developers',
  '/officialverify', '/c2c/merchant', '/p2p/merchant', '/referral/affiliate', '/learn', '/learn/course',
  '/learn/glossary', '/price', '/bigdata', '/explore/bitcoin-halving-countdown', '/converter', '/crypto-wiki',
  '/community',
]; // prettier-ignore

/** Regional footer link lists (SPEC §2 'Regional variants'); Malta and EU link to the Malta host. */
export const FOOTER_REGIONAL_PATHS: Partial<Record<SubSiteId, readonly string[]>> = {
  [SUB_SITE.TURKEY]: ['/about-us', '/myaccount/deposit_fiat', '/myaccount/withdraw_fiat', '/learn', '/price'],
  [SUB_SITE.HONG_KONG]: ['/trade/BTC_USDT', '/fee', '/help', '/articlelist/ann'],
  [SUB_SITE.SINGAPORE]: ['/page/contacts', '/trade/BTC_USDT', '/fee', '/help', '/announcements'],
  [SUB_SITE.UK]: ['/page/contacts', '/trade/BTC_USDT', '/fee', '/help', '/announcements'],
  [SUB_SITE.BAHAMAS]: ['/page/contacts', '/trade/BTC_USDT', '/fee', '/help', '/announcements'],
  [SUB_SITE.JAPAN]: ['/page/contacts', '/trade/BTC_JPY', '/fee', '/help', '/announcements'],
  [SUB_SITE.UAE]: ['/page/contacts', '/trade/BTC_JPY', '/fee', '/help', '/announcements'],
  [SUB_SITE.US]: ['/page/contacts', '/myaccount/myfunds', '/help', '/fee'],
  [SUB_SITE.MALTA]: [
    '/trade/BTC_USDC',
    '/fee',
    '/otc',
    '/help',
    '/officialverify',
    '/referral',
    '/docs/developers',
  ],
  [SUB_SITE.EU]: [
    '/trade/BTC_USDC',
    '/fee',
    '/otc',
    '/help',
    '/officialverify',
    '/referral',
    '/docs/developers',
  ],
};

/** Policy key of a footer link. */
export function footerLinkKey(path: string): string {
  return `footer:${path}`;
}

/** Footer links a UK-limited user does not see (SPEC §6: derivatives, leverage, rewards and promotions). */
export const UK_LIMIT_FOOTER_HIDDEN: readonly string[] = [
  '/futures_center', '/etf', '/nft', '/gatepay', '/mini-app', '/gift-card', '/otc', '/card', '/shop', '/ventures',
  '/referral/affiliate', '/crypto/buy', '/crypto/sell', '/c2c/merchant', '/p2p/merchant', '/bigdata', '/charity',
].map(footerLinkKey); // prettier-ignore

/** The footer link paths for a site and locale (regional list, or the global list). */
export function footerPaths(site: SubSiteId, locale: string): readonly string[] {
  const regional = FOOTER_REGIONAL_PATHS[site];
  if (regional) return regional;
  const chinese = locale === 'zh' || locale === 'zh-tw';
  return FOOTER_GLOBAL_PATHS.filter((p) => (chinese ? p !== '/c2c/merchant' : p !== '/p2p/merchant'));
}
