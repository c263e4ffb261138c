/**
 * Reference data of the message centre (SPEC §3 'Message item', 'Notification'; §2 tab type lists): per signed-in
 * persona a deterministic set of notifications covering every type of the three tabs and every link target of
 * SPEC §2 'Message types map to'. Markets, contracts and prices come from the real snapshots (MarketData), so the
 * links lead to pairs the market panels list. Message text is English: it is server-authored content (a production
 * back end sends it in the user's language; the reference server does not translate it). Pure.
 */
import { NOTICE_TEMPLATES as T } from '../common/domain/notice-types.ts';
import type { NoticeItem } from '../common/wire/messages.ts';
import type { MarketData } from './market-data.ts';
import type { PersonaName } from './personas.ts';

/** Largest `size` the notice call accepts (the client asks for SPEC §9's 10). */
export const MAX_NOTICE_PAGE_SIZE = 50;

interface Template {
  type: string;
  template_id: string;
  /** Age of the message, seconds before the data was loaded. */
  ageS: number;
  build: (m: Markets) => Pick<NoticeItem, 'title' | 'content' | 'extras'> & { args?: Record<string, string> };
}

/** Real markets a persona's messages mention. */
interface Markets {
  pair: string;
  pairPrice: string;
  pairChange: string;
  second: string;
  contract: string;
  contractPrice: string;
}

const MIN = 60;
const HOUR = 3600;
const DAY = 86400;

const display = (pair: string) => pair.replace('_', '/');
const signed = (pct: string) => (Number(pct) >= 0 ? `+${Number(pct).toFixed(2)}` : Number(pct).toFixed(2));

/** One template per message; together they cover every type of SPEC §2 and every link target. */
const TEMPLATES: readonly Template[] = [
  // Platform tab
  { type: 'notice', template_id: T.startup, ageS: 25 * MIN, build: (m) => ({ title: 'Startup subscription opens', content: `Commit GT or USDT to the next Startup project; ${display(m.pair)} holders get a bonus allocation.`, extras: { startup_id: '1342' } }) },
  { type: 'sys_notice', template_id: 'maintenance', ageS: 3 * HOUR, build: () => ({ title: 'Scheduled wallet maintenance', content: 'Deposits and withdrawals on the TRX network pause for about 30 minutes. Trading is not affected.', extras: { web_url: '/announcements' } }) },
  { type: 'tasks_bonuses_notice', template_id: 'task_reward', ageS: 9 * HOUR, build: () => ({ title: 'Task reward credited', content: 'Your 5 USDT position voucher from the Rewards Hub has been credited to your coupon centre.', extras: { url: '/rewards_hub' } }) },
  { type: 'private_notice', template_id: T.liquidationWarning, ageS: 40 * MIN, build: () => ({ title: 'Crypto loan liquidation warning', content: 'Your loan LTV reached 83%. Add collateral or repay part of the loan to avoid liquidation.', extras: {} }) },
  { type: 'nft_notice', template_id: 'nft_sale', ageS: 2 * DAY, build: () => ({ title: 'NFT sold', content: 'Your NFT listing was filled. Proceeds are in your spot account.', extras: { web_url: '/nft' } }) },
  { type: 'gate_pay', template_id: 'pay_received', ageS: 26 * HOUR, build: () => ({ title: 'Payment received', content: 'You received 120 USDT through Pay. The funds are in your payment account.', extras: { web_url: '/myaccount/myfunds/payment' } }) },
  { type: 'gate_shop', template_id: 'shop_order', ageS: 4 * DAY, build: () => ({ title: 'Shop order shipped', content: 'Your gift card order is on its way. Check your mailbox for the code.', extras: { url: '/shop' } }) },
  { type: 'referral', template_id: 'referral_commission', ageS: 5 * DAY, build: () => ({ title: 'Referral commission', content: 'You earned 3.42 USDT commission from invited friends yesterday.', extras: { web_url: '/referral' } }) },
  { type: 'exclusive_event', template_id: T.live, ageS: 15 * MIN, build: (m) => ({ title: 'Live now: market outlook', content: `Our analysts discuss ${display(m.pair)} and this week's macro calendar. Join the stream.`, extras: { stream_id: '884213' } }) },
  { type: 'notice', template_id: T.post, ageS: 6 * DAY, build: () => ({ title: 'Your post got 25 likes', content: 'Your post in the community feed is trending. See the replies.', extras: {} }) },
  // Trade tab
  { type: 'future', template_id: 'futures_filled', ageS: 5 * MIN, build: (m) => ({ title: 'Futures order filled', content: `Your ${display(m.contract)} perpetual long order was filled at ${m.contractPrice} USDT.`, extras: { contract: m.contract, settle_asset: 'usdt' }, args: { contract: m.contract, price: m.contractPrice } }) },
  { type: 'future', template_id: 'futures_funding', ageS: 8 * HOUR, build: () => ({ title: 'Funding fee settled', content: 'Funding fees for your open USDT-settled positions were settled at 08:00 UTC.', extras: {} }) },
  { type: 'margin', template_id: 'margin_call', ageS: 2 * HOUR, build: (m) => ({ title: 'Margin level warning', content: `Your isolated margin account for ${display(m.pair)} is at risk level 125%. Add margin to avoid liquidation.`, extras: { market: m.pair } }) },
  { type: 'unified_account', template_id: 'unified_borrow', ageS: 11 * HOUR, build: () => ({ title: 'Auto-borrow executed', content: 'Your unified account borrowed 50 USDT automatically to settle a futures loss.', extras: { web_url: '/unified-trading-account' } }) },
  { type: 'firm_offer', template_id: T.copytrading, ageS: 20 * HOUR, build: () => ({ title: 'Copy trade opened', content: 'The lead trader you follow opened a new position; your copy order was placed.', extras: {} }) },
  { type: 'quantification', template_id: T.strategybot, ageS: 30 * HOUR, build: (m) => ({ title: 'Grid bot stopped', content: `Your ${display(m.second)} spot grid reached its take-profit price and stopped.`, extras: { market: m.second } }) },
  { type: 'c2c', template_id: 'p2p_paid', ageS: 3 * DAY, build: () => ({ title: 'P2P order paid', content: 'The buyer marked order 20931 as paid. Confirm receipt before releasing USDT.', extras: { url: '/c2c/orders/USDT_CNY?&tab_type=history' } }) },
  { type: 'pre_market_trading', template_id: 'premarket_settle', ageS: 50 * HOUR, build: () => ({ title: 'Pre-market settlement', content: 'Pre-market delivery for your filled orders starts in 24 hours.', extras: { web_url: '/pre-market' } }) },
  { type: 'subscribe', template_id: T.investSuccess, ageS: 60 * HOUR, build: () => ({ title: 'Auto-invest plan executed', content: 'Your weekly auto-invest plan bought BTC and ETH with 100 USDT.', extras: {} }) },
  { type: 'subscribe', template_id: T.invest, ageS: 4 * DAY, build: () => ({ title: 'Earn subscription confirmed', content: 'Your Simple Earn subscription of 500 USDT starts earning interest tomorrow.', extras: {} }) },
  { type: 'etf', template_id: 'etf_rebalance', ageS: 5 * DAY, build: () => ({ title: 'ETF rebalanced', content: 'BTC5L leverage was rebalanced to the target multiple after a large move.', extras: { web_url: '/etf' } }) },
  { type: 'options', template_id: 'options_expiry', ageS: 7 * DAY, build: () => ({ title: 'Options expired', content: 'Your BTC options expired out of the money at 08:00 UTC.', extras: { url: '/options/BTC_USDT' } }) },
  // Markets tab
  { type: 'market', template_id: 'price_alert', ageS: 2 * MIN, build: (m) => ({ title: `${display(m.pair)} price alert`, content: `${display(m.pair)} is at ${m.pairPrice}, ${signed(m.pairChange)}% in 24 hours.`, extras: { market: m.pair }, args: { market: m.pair, price: m.pairPrice } }) },
  { type: 'market_global', template_id: 'big_move', ageS: 70 * MIN, build: (m) => ({ title: `${display(m.second)} moves sharply`, content: `${display(m.second)} moved more than 5% within an hour.`, extras: { market: m.second } }) },
  { type: 'chain_global', template_id: 'chain_news', ageS: 13 * HOUR, build: () => ({ title: 'Network upgrade completed', content: 'The Ethereum network upgrade completed; ETH deposits and withdrawals are open again.', extras: { web_url: '/announcements' } }) },
  { type: 'market_global', template_id: 'new_listing', ageS: 2 * DAY, build: () => ({ title: 'New listings this week', content: 'See the coins listed for spot trading this week.', extras: { url: '/price' } }) },
]; // prettier-ignore

/** A small stable hash (FNV-1a) so each persona gets its own markets. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

/** The persona's markets: two of the 12 most traded USDT spot pairs and one of the 12 largest real contracts. */
function marketsFor(data: MarketData, persona: PersonaName): Markets {
  const spot = data.spot
    .filter((r) => r.pair.endsWith('_USDT') && !r.isST && r.opening_time === 0)
    .sort((a, b) => Number(b.volume) - Number(a.volume))
    .slice(0, 12);
  const contracts = data.contracts
    .filter((c) => !c.synthetic && c.settle === 'usdt')
    .sort((a, b) => Number(b.volume_24h_quote) - Number(a.volume_24h_quote))
    .slice(0, 12);
  const h = hash(persona);
  const pair = spot[h % spot.length];
  const second = spot[(h + 5) % spot.length];
  const contract = contracts[(h >>> 8) % contracts.length];
  if (!pair || !second || !contract)
    throw new Error('message data: the snapshots have no USDT pairs or contracts');
  return {
    pair: pair.pair.toUpperCase(),
    pairPrice: pair.rate,
    pairChange: pair.rate_percent,
    second: second.pair.toUpperCase(),
    contract: contract.name.toUpperCase(),
    contractPrice: contract.last_price,
  };
}

/**
 * Every message of `persona`, newest first. `send_timest` (unix seconds) counts back from the data load time, so a
 * server restart moves the clock but the set stays the same. `msg_id` is stable per persona and template.
 */
export function noticesFor(data: MarketData, persona: PersonaName): NoticeItem[] {
  const m = marketsFor(data, persona);
  const nowS = Math.floor(data.loadedAt / 1000);
  const base = (hash(persona) % 90_000) * 100;
  return TEMPLATES.map((t, i) => {
    const { title, content, extras, args } = t.build(m);
    return {
      msg_id: String(base + i + 1),
      title,
      content,
      send_timest: nowS - t.ageS,
      type: t.type,
      template_id: t.template_id,
      extras,
      template_args: args ?? {},
    };
  }).sort((a, b) => b.send_timest - a.send_timest);
}

/** Query of the notice call: types (empty = all), 1-based page, page size. */
export interface NoticeQuery {
  types: readonly string[];
  page: number;
  size: number;
}

/** One page of `notices` whose type is in `query.types` (all when empty). */
export function noticePage(notices: readonly NoticeItem[], query: NoticeQuery): NoticeItem[] {
  const matching = query.types.length ? notices.filter((n) => query.types.includes(n.type)) : notices;
  const start = (query.page - 1) * query.size;
  return matching.slice(start, start + query.size);
}
