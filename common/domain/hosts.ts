/**
 * The exchange's external hosts, in one place (SPEC §2 'External', §7 'host not shown'). SPEC does not name them, so
 * these are deployment settings with reserved `.example` names (RFC 2606) standing in for the real ones: an operator
 * replaces the values here, and the URL policy (`common/url-policy.ts`), the footer, the notification resolver and
 * the server's Content-Security-Policy all follow. Realm-neutral constants only.
 */

/** The main (global) site. Language links and absolute links back to the main site use it. */
export const MAIN_SITE_HOST = 'www.exchange.example';

/** The Malta entity's site: Malta and EU footers link to its trade, fee, OTC, help, verify, referral and API pages. */
export const MALTA_SITE_HOST = 'mt.exchange.example';

/** The Turkey site (SPEC §2 header element 'Turkey-site link'). */
export const TURKEY_SITE_HOST = 'tr.exchange.example';

/** The testnet site with the futures demo and its authorize flow (SPEC §2 'External'). */
export const TESTNET_SITE_HOST = 'testnet.exchange.example';

/** The static/CDN host serving coin icons and the UI-library file of the CDN check (SPEC §7). */
export const STATIC_HOST = 'static.exchange.example';

/** The Telegram mini-app bot link (SPEC §2 'External'). */
export const TELEGRAM_MINI_APP_URL = 'https://t.me/exchange_example_bot/app';

/** Hosts a link from data (notification, announcement) may point to over https; anything else is dropped. */
export const LINK_HOSTS: readonly string[] = [
  MAIN_SITE_HOST,
  MALTA_SITE_HOST,
  TURKEY_SITE_HOST,
  TESTNET_SITE_HOST,
];

/** Hosts a coin or chain icon may be loaded from over https (besides same-origin paths). */
export const ICON_HOSTS: readonly string[] = [STATIC_HOST];
