/**
 * Notification-to-link resolver (SPEC §2 'Notification targets', 'Message types map to'; §3 'Notification'). Pure.
 *
 * A message names its target by `template_id` or by `type`: one table (TARGETS) serves both, the template id first
 * (it is the more precise), then the type. SPEC §2's types: margin → /margin_trade, cross margin →
 * /myaccount/myfunds/cross_margin, future → /futures, market → /trade, invest → /invest, startup → /startup,
 * strategybot → /strategybot/historyStrategy, copytrading → /copytrading/underwayStrategy, liquidation warnings →
 * /cryptoloan, invest success → /auto-investment, live → /live, posts → /post/status (NOTICE_TARGET_KEYS names the
 * keys). A target is either exact (it used an id from extras: /trade/{market}, /futures/{settle}/{contract},
 * /startup/{startup_id}, /live/video/{stream_id}?type=live) or a section page. The order:
 *   1. an exact target;
 *   2. for a key SPEC §2 maps ('Message types map to': `spec: true` below), the section page, unless the message's
 *      own link (`extras.web_url`, then `extras.url`) points inside that section (`/margin_trade?pair=…`,
 *      `/startup/77`): the spec names the destination of the type, and a generic link elsewhere does not replace it;
 *   3. otherwise the message's own `extras.web_url`, then `extras.url`;
 *   4. the section page of a key SPEC does not map (`cross_margin`, `market_global`: our keys), as the last resort.
 * Ids from extras must match a strict
 * pattern before they enter a path. Every result passes the one URL policy (common/url-policy.ts `safeUrl` with
 * LINK_HOSTS, through src/lib/data-link.ts): only a same-origin path or an https URL of an allow-listed host
 * survives; otherwise null, and the caller links the item to /reminder. Every result carries the language prefix.
 */
import { NOTICE_TARGET_KEYS as K } from '../../common/domain/notice-types.ts';
import { prefixPath, resolveDataLink } from '../lib/data-link.ts';
import type { NoticeExtras, NoticeItem } from '../../common/wire/messages.ts';

/** What the resolver reads of a message. */
export type LinkableNotice = Pick<NoticeItem, 'type' | 'template_id'> & { extras?: NoticeExtras };

/** SPEC §3: a contract's settle currency defaults to USDT. */
export const DEFAULT_SETTLE_ASSET = 'USDT';

const PAIR = /^[A-Za-z0-9]{1,20}_[A-Za-z0-9]{1,20}$/;
const ASSET = /^[A-Za-z]{2,10}$/;
const ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;

const pair = (v: string | undefined) => (v && PAIR.test(v) ? v.toUpperCase() : null);
const id = (v: string | undefined) => (v && ID.test(v) ? v : null);

/** A target (paths without the language prefix): `exact` when extras gave a valid id, and the section page. */
interface Target {
  exact?: (extras: NoticeExtras) => string | null;
  section: string;
  /** SPEC §2 maps this key to its section ('Message types map to'): the section beats the message's own link. */
  spec?: boolean;
}

const FUTURES: Target = {
  exact: (x) => {
    const contract = pair(x.contract);
    if (!contract) return null;
    const settle =
      x.settle_asset && ASSET.test(x.settle_asset) ? x.settle_asset.toUpperCase() : DEFAULT_SETTLE_ASSET;
    return `/futures/${settle}/${contract}`;
  },
  section: '/futures',
  spec: true,
};
const TRADE: Target = {
  exact: (x) => {
    const market = pair(x.market);
    return market ? `/trade/${market}` : null;
  },
  section: '/trade',
  spec: true,
};
const STARTUP: Target = {
  exact: (x) => {
    const startup = id(x.startup_id);
    return startup ? `/startup/${startup}` : null;
  },
  section: '/startup',
  spec: true,
};
const LIVE: Target = {
  exact: (x) => {
    const stream = id(x.stream_id);
    return stream ? `/live/video/${stream}?type=live` : null;
  },
  section: '/live',
  spec: true,
};
const LIQUIDATION: Target = { section: '/cryptoloan', spec: true };
const POSTS: Target = { section: '/post/status', spec: true };

/** SPEC §2 'Message types map to' and 'Notification targets', by template id or type. */
const TARGETS: Readonly<Record<string, Target>> = {
  [K.margin]: { section: '/margin_trade', spec: true },
  [K.crossMargin]: { section: '/myaccount/myfunds/cross_margin' },
  [K.future]: FUTURES,
  [K.market]: TRADE,
  [K.marketGlobal]: { ...TRADE, spec: false },
  [K.invest]: { section: '/invest', spec: true },
  [K.startup]: STARTUP,
  [K.strategybot]: { section: '/strategybot/historyStrategy', spec: true },
  [K.copytrading]: { section: '/copytrading/underwayStrategy', spec: true },
  [K.liquidationWarning]: LIQUIDATION,
  [K.loanLiquidationWarning]: LIQUIDATION,
  [K.investSuccess]: { section: '/auto-investment', spec: true },
  [K.live]: LIVE,
  [K.post]: POSTS,
  [K.posts]: POSTS,
};

/** The table's own target for `key` (never an inherited property such as `constructor`). */
function target(key: unknown): Target | undefined {
  const k = String(key);
  return Object.hasOwn(TARGETS, k) ? TARGETS[k] : undefined;
}

/**
 * The link of a message (SPEC §2), under `langPrefix` (`''` or `/zh`…): a same-origin path such as
 * `/zh/futures/USDT/BTC_USDT`, an https URL of an allow-listed host, or null when nothing safe is known (the item
 * then links to the notifications page). Never throws.
 */
export function resolveNoticeLink(notice: LinkableNotice, langPrefix: string): string | null {
  const extras = notice.extras ?? {};
  const named = target(notice.template_id) ?? target(notice.type);
  const exact = named?.exact?.(extras);
  if (exact) return prefixPath(exact, langPrefix);
  const own = resolveDataLink(extras.web_url, langPrefix) ?? resolveDataLink(extras.url, langPrefix);
  const section = named ? prefixPath(named.section, langPrefix) : null;
  if (named?.spec && section) return own && insideSection(own, section) ? own : section;
  return own ?? section;
}

/** True when link `href` (a resolved same-origin path or https URL) is page `section` or below it. */
function insideSection(href: string, section: string): boolean {
  const url = new URL(href, 'https://same.origin');
  const path = url.pathname;
  return path === section || path.startsWith(`${section}/`);
}
