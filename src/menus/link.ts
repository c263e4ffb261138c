/** Link builders for menu data: every path lives under the language prefix (SPEC §2). Pure. */
import { withLangPrefix } from '../../common/domain/route.ts';
import { defaultSpotPair, SUB_SITE } from '../../common/domain/sub-sites.ts';
import type { LinkContext } from './types.ts';

/** A fixed path under the language prefix. */
export function path(p: string): (ctx: LinkContext) => string {
  return (ctx) => withLangPrefix(ctx.langPrefix, p);
}

/** The site's lead spot pair (`/trade/BTC_TRY` on Turkey …), optionally with a query string. */
export function spotLink(query = ''): (ctx: LinkContext) => string {
  return (ctx) => withLangPrefix(ctx.langPrefix, `/trade/${defaultSpotPair(ctx.site)}${query}`);
}

/** A path that carries the buy-crypto fiat, e.g. `(f) => '/crypto/buy?crypto=USDT&fiat=' + f`. */
export function fiatLink(build: (fiat: string) => string, p2p = false): (ctx: LinkContext) => string {
  return (ctx) => withLangPrefix(ctx.langPrefix, build(encodeURIComponent(p2p ? ctx.p2pFiat : ctx.fiat)));
}

/** P2P order history market: the P2P fiat when it is one of CNY, KRW, VND (SPEC §2 Orders), else CNY. */
export function p2pOrdersLink(): (ctx: LinkContext) => string {
  return (ctx) => {
    const fiat = ['CNY', 'KRW', 'VND'].includes(ctx.p2pFiat) ? ctx.p2pFiat : 'CNY';
    return withLangPrefix(ctx.langPrefix, `/c2c/orders/USDT_${fiat}?&tab_type=history`);
  };
}

/**
 * A fiat deposit or withdraw page (`/myaccount/deposit_fiat`, `/myaccount/withdraw_fiat`): Japan's goes to its yen
 * page, `{base}/JPY` (SPEC §2 Funds 'deposit_fiat (and /JPY)', 'withdraw_fiat (and /JPY)').
 */
export function fiatFundsLink(base: string): (ctx: LinkContext) => string {
  return (ctx) => withLangPrefix(ctx.langPrefix, ctx.site === SUB_SITE.JAPAN ? `${base}/JPY` : base);
}
