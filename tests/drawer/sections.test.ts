// Side-drawer sections per sub-site × persona (SPEC §2 keys 0–12, §4, §6): the one table in src/drawer/sections.ts
// filtered by the same policy decision as the desktop header — whatever the header hides, the drawer hides.
import { describe, expect, it } from 'vitest';
import { SUB_SITE, SUB_SITE_IDS, subSiteName } from '../../common/domain/sub-sites.ts';
import {
  DRAWER_SECTIONS,
  drawerSections,
  toggleSection,
  type DrawerSectionId,
} from '../../src/drawer/sections.ts';
import { FUNDS_ACTIONS, FUNDS_MENU, ORDERS_MENU, PROFILE_MENU } from '../../src/menus/account.ts';
import { BUY_MENU, EARN_MENU } from '../../src/menus/buy-earn.ts';
import { MORE_MENU } from '../../src/menus/more.ts';
import { FUTURES_MENU, TRADE_MENU } from '../../src/menus/trade.ts';
import type { MenuItem } from '../../src/menus/types.ts';
import { visibleItems } from '../../src/policy/filter-menu.ts';
import { decideVisibility, isVisible } from '../../src/policy/visibility.ts';
import { PERSONA_NAMES } from '../../server/personas.ts';
import { scenario, type Who } from '../policy/fixtures.ts';

const WHO: readonly Who[] = ['anonymous', ...PERSONA_NAMES];
const leaves = (items: readonly MenuItem[]): string[] =>
  items.flatMap((i) => (i.children ? leaves(i.children) : [i.key]));

function ids(site: number, who: Who): DrawerSectionId[] {
  const d = decideVisibility(scenario(site as never, who));
  return drawerSections(d, who !== 'anonymous').map((s) => s.id);
}

describe('drawer section table (SPEC §2)', () => {
  it('has the 13 keys 0–12 in order, each once', () => {
    expect(DRAWER_SECTIONS.map((s) => s.key)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(new Set(DRAWER_SECTIONS.map((s) => s.id)).size).toBe(13);
  });

  it('one open at a time; clicking the open one closes it (SPEC §4)', () => {
    expect(toggleSection(null, 3)).toBe(3);
    expect(toggleSection(3, 5)).toBe(5);
    expect(toggleSection(5, 5)).toBeNull();
  });

  it('global visitor: navigation, language, display, download; no account sections, no logout', () => {
    expect(ids(SUB_SITE.GLOBAL, 'anonymous')).toEqual([
      'profile', 'trade', 'futures', 'buy', 'earn', 'more', 'language', 'display', 'download',
    ]); // prettier-ignore
  });

  it('global VIP: every section, wallet/orders/account included, and both logouts', () => {
    expect(ids(SUB_SITE.GLOBAL, 'vip')).toEqual(DRAWER_SECTIONS.map((s) => s.id));
  });

  it('US hides Derivatives and the download; EU visitors have no login/signup so no profile section', () => {
    expect(ids(SUB_SITE.US, 'anonymous')).not.toContain('futures');
    expect(ids(SUB_SITE.US, 'anonymous')).not.toContain('download');
    expect(ids(SUB_SITE.EU, 'anonymous')).not.toContain('profile');
    expect(ids(SUB_SITE.EU, 'vip')).toContain('profile');
  });

  it('testnet signed in: no logout section (SPEC §6 testnet hides logout); no language section', () => {
    const t = ids(SUB_SITE.TESTNET, 'vip');
    expect(t).not.toContain('logout');
    expect(t).not.toContain('language');
  });
});

describe('drawer entries equal the desktop header entries, per sub-site × persona (SPEC §6)', () => {
  const DESKTOP: Record<string, { menu: readonly MenuItem[]; control?: string }> = {
    trade: { menu: TRADE_MENU.items },
    futures: { menu: FUTURES_MENU.items },
    buy: { menu: BUY_MENU.items },
    earn: { menu: EARN_MENU.items },
    more: { menu: MORE_MENU.items },
    wallet: { menu: [...FUNDS_ACTIONS, ...FUNDS_MENU.items], control: 'wallet-menu' },
    orders: { menu: ORDERS_MENU.items, control: 'order-menu' },
    account: { menu: PROFILE_MENU.items, control: 'personal-center' },
  };
  for (const site of SUB_SITE_IDS)
    for (const who of WHO)
      it(`${subSiteName(site)} × ${who}`, () => {
        const d = decideVisibility(scenario(site, who));
        const sections = drawerSections(d, who !== 'anonymous');
        for (const [id, { menu, control }] of Object.entries(DESKTOP)) {
          const header = control && !isVisible(d, control) ? [] : leaves(visibleItems(menu, d));
          const drawer = sections.find((s) => s.id === id)?.items.map((i) => i.key) ?? [];
          expect(drawer, id).toEqual(header);
        }
        const logout = sections.some((s) => s.id === 'logout');
        expect(logout).toBe(isVisible(d, 'logout') || isVisible(d, 'logout-all'));
        expect(sections.some((s) => s.id === 'download')).toBe(isVisible(d, 'download'));
        expect(sections.some((s) => s.id === 'language')).toBe(isVisible(d, 'language'));
      });
});

describe('wallet section: fiat withdraw and the plain internal transfer (SPEC §2 Funds)', () => {
  const wallet = (site: number, who: Who) =>
    drawerSections(decideVisibility(scenario(site as never, who)), true).find((s) => s.id === 'wallet');

  it('lists both, with the header, for a signed-in trader on the global site', () => {
    const keys = wallet(SUB_SITE.GLOBAL, 'vip')!.items.map((i) => i.key);
    expect(keys).toEqual(
      expect.arrayContaining(['withdraw', 'withdraw-fiat', 'transfer-internal', 'transfer']),
    );
  });

  it("sends Japan's fiat withdraw to /JPY", () => {
    const item = wallet(SUB_SITE.JAPAN, 'vip')!.items.find((i) => i.key === 'withdraw-fiat')!;
    expect(item.link!({ langPrefix: '/ja', site: SUB_SITE.JAPAN, fiat: 'JPY', p2pFiat: 'JPY' })).toBe(
      '/ja/myaccount/withdraw_fiat/JPY',
    );
  });

  it('hides both where withdrawals are hidden (testnet), like the crypto withdraw', () => {
    const keys = (wallet(SUB_SITE.TESTNET, 'vip')?.items ?? []).map((i) => i.key);
    for (const key of ['withdraw', 'withdraw-fiat', 'transfer-internal']) expect(keys).not.toContain(key);
  });
});
