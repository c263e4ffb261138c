/**
 * The footer's policy keys that the visibility policy needs in the first load (src/policy/features.ts), apart from
 * the footer's link data (src/menus/footer.ts, loaded with the lazy footer).
 */

/** Policy key of a footer path (`footer:{path}`). Pure. */
export function footerLinkKey(path: string): string {
  return `footer:${path}`;
}

/**
 * Footer links a UK-limited user does not see (SPEC §6 'UK-limited hides many footer links'). Our reading of the
 * UK financial-promotion regime: links that promote products or incentives a restricted UK user cannot take up
 * are hidden — derivatives and leveraged tokens, buy/sell and P2P/OTC, payments and cards, NFT, the mini-app and
 * gift cards, affiliate and ventures, charity drives and the data product. Legal, security, support and learning
 * links stay. Table-tested in tests/footer/footer-links.test.ts.
 */
export const UK_LIMIT_FOOTER_HIDDEN: readonly string[] = [
  '/futures_center', '/etf', '/nft', '/gatepay', '/mini-app', '/gift-card', '/otc', '/card', '/shop', '/ventures',
  '/referral/affiliate', '/crypto/buy', '/crypto/sell', '/c2c/merchant', '/p2p/merchant', '/bigdata', '/charity',
].map(footerLinkKey); // prettier-ignore
