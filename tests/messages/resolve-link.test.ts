// The notification-to-link resolver (src/messages/resolve-link.ts): a table of every tab type and target template
// (SPEC §2 'Message types map to', 'Notification targets'), and fast-check properties proving that no input, however
// hostile, yields an unsafe link (SPEC §2; ARCHITECTURE.md 'Security at the edges').
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LINK_HOSTS } from '../../common/domain/hosts.ts';
import {
  NOTICE_TAB_TYPES,
  NOTICE_TABS,
  NOTICE_TARGET_KEYS as K,
  NOTICE_TEMPLATES as T,
} from '../../common/domain/notice-types.ts';
import { safeUrl } from '../../common/url-policy.ts';
import type { NoticeExtras } from '../../common/wire/messages.ts';
import { resolveDataLink } from '../../src/lib/data-link.ts';
import { resolveNoticeLink } from '../../src/messages/resolve-link.ts';

const link = (type: string, template_id: string, extras: NoticeExtras = {}, prefix = '') =>
  resolveNoticeLink({ type, template_id, extras }, prefix);

describe('resolveNoticeLink: every target of SPEC §2', () => {
  it.each([
    ['margin', 'x', {}, '/margin_trade'],
    ['future', 'x', { contract: 'BTC_USDT' }, '/futures/USDT/BTC_USDT'],
    ['future', 'x', { contract: 'btc_usd', settle_asset: 'btc' }, '/futures/BTC/BTC_USD'],
    ['future', 'x', {}, '/futures'],
    ['future', 'x', { contract: '../../admin' }, '/futures'],
    [
      'future',
      'x',
      { contract: '../../admin', url: '/futures/trading-guide-for-beginners' },
      '/futures/trading-guide-for-beginners',
    ],
    ['future', 'x', { contract: 'ETH_USDT', settle_asset: 'us/dt' }, '/futures/USDT/ETH_USDT'],
    ['market', 'x', { market: 'eth_usdt' }, '/trade/ETH_USDT'],
    ['market_global', 'x', { market: 'SOL_USDT' }, '/trade/SOL_USDT'],
    // SPEC §2 'Message types map to' beats a generic link of the message: market → /trade, not its /price.
    ['market', 'x', { market: 'javascript:alert(1)', url: '/price' }, '/trade'],
    [K.margin, 'x', { web_url: '/announcements' }, '/margin_trade'],
    [K.investSuccess, 'x', { web_url: 'https://www.exchange.example/help' }, '/auto-investment'],
    [K.margin, 'x', { web_url: '/margin_trade_x' }, '/margin_trade'],
    // … a link inside the type's destination is kept (more precise); a type SPEC does not map keeps its own link.
    [
      K.margin,
      'x',
      { web_url: 'https://www.exchange.example/margin_trade/BTC_USDT' },
      'https://www.exchange.example/margin_trade/BTC_USDT',
    ],
    [K.crossMargin, 'x', { web_url: '/help' }, '/help'],
    [K.marketGlobal, 'x', { url: '/price' }, '/price'],
    // SPEC §2 'market to /trade': no valid market id and no link of its own → the trade page, not /reminder.
    ['market', 'x', {}, '/trade'],
    ['market', 'x', { market: 'BTC/USDT' }, '/trade'],
    ['market_global', 'x', { market: '', url: 'javascript:alert(1)' }, '/trade'],
    // Cross margin (SPEC §2 'Notification targets').
    ['cross_margin', 'x', {}, '/myaccount/myfunds/cross_margin'],
    ['margin', K.crossMargin, { market: 'BTC_USDT' }, '/myaccount/myfunds/cross_margin'],
    ['notice', T.invest, {}, '/invest'],
    ['notice', T.startup, { startup_id: '1342' }, '/startup/1342'],
    ['notice', T.startup, { startup_id: '../x' }, '/startup'],
    ['quantification', T.strategybot, { market: 'BTC_USDT' }, '/strategybot/historyStrategy'],
    ['firm_offer', T.copytrading, {}, '/copytrading/underwayStrategy'],
    ['private_notice', T.liquidationWarning, {}, '/cryptoloan'],
    ['subscribe', T.investSuccess, {}, '/auto-investment'],
    ['exclusive_event', T.live, { stream_id: '884213' }, '/live/video/884213?type=live'],
    ['exclusive_event', T.live, { stream_id: '<b>' }, '/live'],
    ['notice', T.post, {}, '/post/status'],
    // The same targets by type (SPEC §2 'Message types map to'), whatever the template id.
    [K.invest, 'x', {}, '/invest'],
    [K.startup, 'x', { startup_id: '1342' }, '/startup/1342'],
    [K.startup, '', { startup_id: 1342 as unknown as string }, '/startup/1342'],
    [K.startup, 'x', {}, '/startup'],
    [K.startup, 'x', { startup_id: '../x', web_url: '/startup/77' }, '/startup/77'],
    [K.strategybot, 'x', {}, '/strategybot/historyStrategy'],
    [K.copytrading, 'x', {}, '/copytrading/underwayStrategy'],
    [K.liquidationWarning, 'x', {}, '/cryptoloan'],
    [K.loanLiquidationWarning, 'x', {}, '/cryptoloan'],
    [K.investSuccess, 'x', {}, '/auto-investment'],
    [K.live, 'x', { stream_id: '884213' }, '/live/video/884213?type=live'],
    [K.live, 'x', { stream_id: 'a b' }, '/live'],
    [K.post, 'x', {}, '/post/status'],
    [K.posts, 'x', {}, '/post/status'],
    [K.margin, 'x', { web_url: '/margin_trade?pair=BTC_USDT' }, '/margin_trade?pair=BTC_USDT'],
    ['sys_notice', 'x', { web_url: '/announcements', url: '/help' }, '/announcements'],
    ['gate_shop', 'x', { url: '/shop' }, '/shop'],
    ['referral', 'x', { web_url: 'javascript:alert(1)', url: '/referral' }, '/referral'],
    [
      'chain_global',
      'x',
      { web_url: 'https://www.exchange.example/help' },
      'https://www.exchange.example/help',
    ],
    ['chain_global', 'x', { web_url: 'https://evil.example/help' }, null],
    ['notice', 'x', {}, null],
  ] as const)('%s / %s %j → %s', (type, template, extras, expected) => {
    expect(link(type, template, extras)).toBe(expected);
  });

  it.each([
    [K.margin, '/margin_trade'],
    [K.future, '/futures'],
    [K.market, '/trade'],
    [K.invest, '/invest'],
    [K.startup, '/startup'],
    [K.strategybot, '/strategybot/historyStrategy'],
    [K.copytrading, '/copytrading/underwayStrategy'],
    [K.liquidationWarning, '/cryptoloan'],
    [K.loanLiquidationWarning, '/cryptoloan'],
    [K.investSuccess, '/auto-investment'],
    [K.live, '/live'],
    [K.post, '/post/status'],
    [K.posts, '/post/status'],
  ])("SPEC §2 'Message types map to': %s goes to %s, not to a generic web_url", (type, section) => {
    expect(link(type, '', { web_url: '/announcements' })).toBe(section);
    expect(link('notice', type, { url: '/help' })).toBe(section);
  });

  it('takes an id from extras only when the whole value is a pair', () => {
    for (const market of ['x/BTC_USDT', 'BTC_USDT/x', 'BTC_USDT?x=1', ' BTC_USDT'])
      expect(link(K.market, '', { market })).toBe('/trade');
    for (const contract of ['x/BTC_USDT', 'BTC_USDT/x'])
      expect(link(K.future, '', { contract })).toBe('/futures');
  });

  it('gives every tab type a link or null, never a throw (SPEC §2 tab type lists)', () => {
    for (const tab of NOTICE_TABS)
      for (const type of NOTICE_TAB_TYPES[tab]) {
        const out = link(type, '', { market: 'BTC_USDT', contract: 'BTC_USDT', url: '/reminder' });
        expect(out === null || out.startsWith('/')).toBe(true);
      }
  });

  it('puts every result under the language prefix, replacing one the server sent', () => {
    expect(link('future', '', { contract: 'BTC_USDT' }, '/zh')).toBe('/zh/futures/USDT/BTC_USDT');
    expect(link('notice', '', { url: '/ja/announcements' }, '/ar')).toBe('/ar/announcements');
    expect(link('notice', '', { url: 'https://www.exchange.example/fee?x=1' }, '/de')).toBe(
      'https://www.exchange.example/de/fee?x=1',
    );
    expect(link('margin', '', {}, '/xx')).toBe('/margin_trade');
  });

  it('refuses javascript:, data:, protocol-relative, backslash and encoded tricks', () => {
    for (const url of [
      'javascript:alert(1)',
      ' JavaScript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      '//evil.example/x',
      '/\\evil.example',
      '\\\\evil.example',
      'https://www.exchange.example@evil.example/',
      'https://evil.example/',
      'http://www.exchange.example/',
      'https://www.exchange.example:8443/',
      '/%2F%2Fevil.example',
      'java\tscript:alert(1)',
    ]) {
      const out = link('notice', '', { web_url: url });
      // Either refused, or a path that stays on this origin (`/%2F%2Fevil.example` is one odd segment).
      if (out !== null) expect(new URL(out, 'https://here.invalid').origin).toBe('https://here.invalid');
      expect(out ?? '').not.toMatch(/^\/\/|javascript|data:|\\/i);
    }
  });

  it('ignores inherited property names as template ids or types', () => {
    expect(link('constructor', '__proto__', {})).toBeNull();
    expect(link('toString', 'hasOwnProperty', { url: '/help' })).toBe('/help');
  });
});

/** A link is safe when it is a normalised same-origin path or an https URL of an allow-listed host. */
function isSafe(out: string): boolean {
  if (out.startsWith('/')) return !out.startsWith('//') && !out.includes('\\') && safeUrl(out) === out;
  const url = new URL(out);
  return url.protocol === 'https:' && LINK_HOSTS.includes(url.hostname) && !url.username && !url.port;
}

const hostile = fc.oneof(
  fc.string(),
  fc.webUrl({ withQueryParameters: true, withFragments: true }),
  fc.constantFrom(
    'javascript:',
    'data:',
    '//',
    '/\\',
    '\\',
    '%2f',
    '%5c',
    '%00',
    '\t',
    '\n',
    'https://',
    '@',
  ),
  fc.tuple(fc.constantFrom('/', '//', 'https://', 'javascript:', ' '), fc.string()).map(([a, b]) => a + b),
  fc.tuple(fc.constantFrom(...LINK_HOSTS), fc.string()).map(([h, p]) => `https://${h}${p}`),
);
const extras = fc.record(
  {
    url: hostile,
    web_url: hostile,
    market: hostile,
    contract: hostile,
    settle_asset: hostile,
    startup_id: hostile,
    stream_id: hostile,
  },
  { requiredKeys: [] },
);
const targetKeys = fc.constantFrom(...Object.values(K));
const types = fc.oneof(
  fc.constantFrom(...NOTICE_TABS.flatMap((t) => NOTICE_TAB_TYPES[t]), 'constructor', '__proto__'),
  targetKeys,
  fc.string(),
);
const templates = fc.oneof(fc.constantFrom(...Object.values(T), 'toString'), targetKeys, fc.string());
const prefixes = fc.oneof(fc.constantFrom('', '/zh', '/ar', '/pt-br'), fc.string());

describe('resolver properties (fast-check)', () => {
  it('never yields an unsafe link for any message (SPEC §2; 2,000 runs)', () => {
    fc.assert(
      fc.property(types, templates, extras, prefixes, (type, template_id, x, prefix) => {
        const out = resolveNoticeLink({ type, template_id, extras: x }, prefix);
        return out === null || isSafe(out);
      }),
      { numRuns: 2000 },
    );
  });

  it('links every SPEC §2 type to a safe target, never to the notifications page (1,000 runs)', () => {
    fc.assert(
      fc.property(targetKeys, fc.string(), extras, prefixes, (type, template_id, x, prefix) => {
        fc.pre(!(Object.values(K) as string[]).includes(template_id));
        const out = resolveNoticeLink({ type, template_id, extras: x }, prefix);
        return out !== null && isSafe(out);
      }),
      { numRuns: 1000 },
    );
  });

  it('puts a valid id from extras into the exact path of its type (1,000 runs)', () => {
    const ident = fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9_-]{0,20}$/);
    const code = fc.stringMatching(/^[A-Za-z0-9]{1,8}$/);
    fc.assert(
      fc.property(ident, code, code, (idValue, base, quote) => {
        const market = `${base}_${quote}`;
        const up = market.toUpperCase();
        return (
          link(K.startup, '', { startup_id: idValue }) === `/startup/${idValue}` &&
          link(K.live, '', { stream_id: idValue }) === `/live/video/${idValue}?type=live` &&
          link(K.market, '', { market, url: '/price' }) === `/trade/${up}` &&
          link(K.future, '', { contract: market }) === `/futures/USDT/${up}`
        );
      }),
      { numRuns: 1000 },
    );
  });

  it('never yields an unsafe link for any announcement link (1,000 runs)', () => {
    fc.assert(
      fc.property(hostile, prefixes, (value, prefix) => {
        const out = resolveDataLink(value, prefix);
        return out === null || isSafe(out);
      }),
      { numRuns: 1000 },
    );
  });

  it('keeps a valid language prefix on every same-origin result (1,000 runs)', () => {
    fc.assert(
      fc.property(
        types,
        templates,
        extras,
        fc.constantFrom('/zh', '/ar', '/pt-br'),
        (type, tpl, x, prefix) => {
          const out = resolveNoticeLink({ type, template_id: tpl, extras: x }, prefix);
          return out === null || !out.startsWith('/') || out.startsWith(`${prefix}/`);
        },
      ),
      { numRuns: 1000 },
    );
  });
});
