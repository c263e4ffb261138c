// Pure parts of the account features: stored signup query (SPEC §2 /signup), logout targets (SPEC §4), the nav
// scroll arrows (SPEC §4, §9), sub-site links, and the menu link builders under the language prefix.
import { describe, expect, it } from 'vitest';
import {
  attributionQuery,
  captureSignupQuery,
  signupHref,
  SIGNUP_QUERY_KEY,
} from '../../src/account/signup-query.ts';
import { loginTarget, pageLogoutHref } from '../../src/account/logout.ts';
import { displayName, safeAvatar } from '../../src/account/ProfileSummary.tsx';
import { scrollEdges } from '../../src/header/NavScroller.tsx';
import { BUY_MENU } from '../../src/menus/buy-earn.ts';
import { ORDERS_MENU } from '../../src/menus/account.ts';
import { TRADE_MENU } from '../../src/menus/trade.ts';
import type { LinkContext } from '../../src/menus/types.ts';
import { SUB_SITE, subSiteHomeHref } from '../../common/domain/sub-sites.ts';

function memoryStore() {
  const m = new Map<string, string>();
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v), m };
}

describe('signup query', () => {
  it('keeps only attribution parameters and appends them to /signup', () => {
    const store = memoryStore();
    captureSignupQuery('?ref=AB1&foo=1&utm_source=mail', store);
    expect(store.m.get(SIGNUP_QUERY_KEY)).toBe('ref=AB1&utm_source=mail');
    expect(signupHref('/zh', store)).toBe('/zh/signup?ref=AB1&utm_source=mail');
  });
  it('a visit without attribution keeps the stored query; none stored gives plain /signup', () => {
    const store = memoryStore();
    captureSignupQuery('?ref=X', store);
    captureSignupQuery('?foo=1', store);
    expect(signupHref('', store)).toBe('/signup?ref=X');
    expect(signupHref('', memoryStore())).toBe('/signup');
    expect(attributionQuery('?ref=' + 'a'.repeat(500))).toHaveLength('ref='.length + 200);
  });
});

describe('logout targets (SPEC §4)', () => {
  it('cleanup goes to {lang_prefix}/login through GET /logout; testnet to its authorize flow', () => {
    expect(loginTarget(SUB_SITE.GLOBAL, '/zh')).toBe('/zh/login');
    expect(loginTarget(SUB_SITE.TESTNET, '')).toBe('/login/authorize?client=testnet&redirect_uri=%2F');
    expect(pageLogoutHref('/zh/login')).toBe('/logout?redirect=%2Fzh%2Flogin');
  });
});

describe('nav scroll arrows (SPEC §4, §9)', () => {
  it('show only on the overflowing sides', () => {
    expect(scrollEdges(0, 500, 500)).toEqual({ start: false, end: false });
    expect(scrollEdges(0, 300, 500)).toEqual({ start: false, end: true });
    expect(scrollEdges(100, 300, 500)).toEqual({ start: true, end: true });
    expect(scrollEdges(200, 300, 500)).toEqual({ start: true, end: false });
  });
});

describe('profile helpers', () => {
  it('display name falls back to user_nick then UID; avatars only from safe URLs', () => {
    expect(displayName({ nickname: '', user_nick: 'nick', uid: '1' })).toBe('nick');
    expect(displayName({ nickname: '', user_nick: '', uid: '1' })).toBe('1');
    expect(safeAvatar('/a.png')).toBe('/a.png');
    expect(safeAvatar('https://cdn.example/a.png')).toBe('https://cdn.example/a.png');
    for (const bad of [
      'javascript:alert(1)',
      '//evil.example/a.png',
      'http://x/a.png',
      'data:image/png;base64,',
    ]) {
      expect(safeAvatar(bad)).toBeNull();
    }
  });
});

describe('menu links (SPEC §2)', () => {
  const ctx = (over: Partial<LinkContext> = {}): LinkContext => ({
    langPrefix: '',
    site: SUB_SITE.GLOBAL,
    fiat: 'USD',
    p2pFiat: 'USD',
    ...over,
  });
  const link = (items: typeof TRADE_MENU.items, key: string, c: LinkContext) =>
    items.find((i) => i.key === key)!.link!(c);

  it('spot and margin follow the site pair, under the language prefix', () => {
    expect(link(TRADE_MENU.items, 'spot', ctx({ langPrefix: '/ja', site: SUB_SITE.JAPAN }))).toBe(
      '/ja/trade/BTC_JPY',
    );
    expect(link(TRADE_MENU.items, 'margin', ctx({ site: SUB_SITE.EU }))).toBe(
      '/trade/BTC_USDC?tab=isolated_margin',
    );
    expect(link(TRADE_MENU.items, 'spot', ctx({ site: SUB_SITE.SINGAPORE }))).toBe('/trade/BTC_SGD');
  });
  it('buy links carry the fiat; P2P orders use CNY, KRW or VND', () => {
    expect(link(BUY_MENU.items, 'buy-card', ctx({ fiat: 'EUR' }))).toBe(
      '/crypto/buy/with-credit-card?method=card&fiat=EUR',
    );
    const p2p = BUY_MENU.items.find((i) => i.key === 'p2p')!;
    expect(p2p.hoverChildren!.map((c) => c.link!(ctx({ p2pFiat: 'TRY' })))).toEqual([
      '/buy-sell/buy-try-usdt',
      '/buy-sell/sell-usdt-try',
    ]);
    expect(link(ORDERS_MENU.items, 'orders-p2p', ctx({ p2pFiat: 'VND' }))).toBe(
      '/c2c/orders/USDT_VND?&tab_type=history',
    );
    expect(link(ORDERS_MENU.items, 'orders-p2p', ctx({ p2pFiat: 'EUR' }))).toBe(
      '/c2c/orders/USDT_CNY?&tab_type=history',
    );
  });
  it('sub-site home links: real hosts by label, local hosts by query', () => {
    expect(subSiteHomeHref(SUB_SITE.TURKEY, 'www.masthead.example')).toBe('https://tr.masthead.example/');
    expect(subSiteHomeHref(SUB_SITE.TURKEY, 'us.masthead.example')).toBe('https://tr.masthead.example/');
    expect(subSiteHomeHref(SUB_SITE.GLOBAL, 'tr.masthead.example')).toBe('https://www.masthead.example/');
    expect(subSiteHomeHref(SUB_SITE.TURKEY, '127.0.0.1:4301')).toBe('/?sub_website_id=177');
    expect(subSiteHomeHref(SUB_SITE.TURKEY, 'localhost:5173')).toBe('/?sub_website_id=177');
  });
});
