/**
 * Notification-to-link resolver (SPEC §2 'Notification targets', 'Message types map to'; §3 'Notification'). Pure.
 *
 * A message's target comes from, in order: its `template_id` when that names a target (invest, startup, strategybot,
 * copytrading, liquidation warning, invest success, live, post — see NOTICE_TEMPLATES), then its `type` (margin,
 * future, market / market_global), then `extras.web_url`, then `extras.url`. Ids taken from extras (market,
 * contract, settle asset, startup id, stream id) must match a strict pattern before they enter a path. Every URL
 * from the server passes the one URL policy (common/url-policy.ts `safeUrl` with LINK_HOSTS): only a same-origin
 * path or an https URL of an allow-listed host survives; `javascript:`, `data:`, `//host`, backslashes and encoded
 * tricks give null, and the caller links the item to /reminder instead (src/lib/data-link.ts). Every result carries
 * the language prefix.
 */
import { NOTICE_TEMPLATES } from '../../common/domain/notice-types.ts';
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

/** A target path (no language prefix) for a template id or type, or null to try the next rule. */
type Rule = (extras: NoticeExtras) => string | null;

const FUTURES: Rule = (x) => {
  const contract = pair(x.contract);
  if (!contract) return '/futures';
  const settle =
    x.settle_asset && ASSET.test(x.settle_asset) ? x.settle_asset.toUpperCase() : DEFAULT_SETTLE_ASSET;
  return `/futures/${settle}/${contract}`;
};
const TRADE: Rule = (x) => {
  const market = pair(x.market);
  return market ? `/trade/${market}` : null;
};

/** Template ids that name a target (checked first: they are more precise than the type). */
const BY_TEMPLATE: Readonly<Record<string, Rule>> = {
  [NOTICE_TEMPLATES.invest]: () => '/invest',
  [NOTICE_TEMPLATES.startup]: (x) => {
    const startup = id(x.startup_id);
    return startup ? `/startup/${startup}` : '/startup';
  },
  [NOTICE_TEMPLATES.strategybot]: () => '/strategybot/historyStrategy',
  [NOTICE_TEMPLATES.copytrading]: () => '/copytrading/underwayStrategy',
  [NOTICE_TEMPLATES.liquidationWarning]: () => '/cryptoloan',
  [NOTICE_TEMPLATES.investSuccess]: () => '/auto-investment',
  [NOTICE_TEMPLATES.live]: (x) => {
    const stream = id(x.stream_id);
    return stream ? `/live/video/${stream}?type=live` : '/live';
  },
  [NOTICE_TEMPLATES.post]: () => '/post/status',
};

/** Types that name a target. */
const BY_TYPE: Readonly<Record<string, Rule>> = {
  margin: () => '/margin_trade',
  future: FUTURES,
  market: TRADE,
  market_global: TRADE,
};

/** The table's own rule for `key` (never an inherited property such as `constructor`). */
const own = (table: Readonly<Record<string, Rule>>, key: string): Rule | undefined =>
  Object.hasOwn(table, key) ? table[key] : undefined;

/**
 * The link of a message (SPEC §2), under `langPrefix` (`''` or `/zh`…): a same-origin path such as
 * `/zh/futures/USDT/BTC_USDT`, an https URL of an allow-listed host, or null when nothing safe is known (the item
 * then links to the notifications page). Never throws.
 */
export function resolveNoticeLink(notice: LinkableNotice, langPrefix: string): string | null {
  const extras = notice.extras ?? {};
  for (const rule of [own(BY_TEMPLATE, String(notice.template_id)), own(BY_TYPE, String(notice.type))]) {
    const path = rule?.(extras);
    if (path) return prefixPath(path, langPrefix);
  }
  return resolveDataLink(extras.web_url, langPrefix) ?? resolveDataLink(extras.url, langPrefix);
}
