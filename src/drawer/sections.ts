/**
 * The side drawer's sections (SPEC §2 'side drawer with sections … (section keys 0 to 12)', §4, §6), in ONE table:
 *
 * | key | section  | content                                             | shown when (the policy decides)            |
 * |-----|----------|-----------------------------------------------------|--------------------------------------------|
 * | 0   | profile  | profile summary, or log in / sign up                | signed in, or `login`/`signup` visible     |
 * | 1   | trade    | Trade menu (src/menus/trade.ts)                     | any Trade item visible                     |
 * | 2   | futures  | Derivatives menu                                    | any Derivatives item visible               |
 * | 3   | buy      | Buy crypto menu (src/menus/buy-earn.ts)             | any Buy item visible                       |
 * | 4   | earn     | Earn menu                                           | any Earn item visible                      |
 * | 5   | more     | More menu, its groups flattened (src/menus/more.ts) | any More item visible                      |
 * | 6   | wallet   | wallet actions and fund accounts (menus/account.ts) | `wallet-menu` and an item visible          |
 * | 7   | orders   | order history entries                               | `order-menu` and an item visible           |
 * | 8   | account  | personal-centre entries                             | `personal-center` and an item visible      |
 * | 9   | language | language and exchange-rate panel (src/settings)     | `language`                                 |
 * | 10  | display  | display settings panel (src/settings)               | `setting`, `theme` or `exchange-rate`      |
 * | 11  | download | link to /mobileapp                                  | `download`                                 |
 * | 12  | logout   | log out of this device / of all devices             | `logout` or `logout-all`                   |
 *
 * Sections 1–10 are disclosures (one open at a time, SPEC §4); 0, 11 and 12 are always expanded. Pure: the same
 * menus-as-data and the same decision as the desktop header, so whatever the header hides the drawer hides too.
 */
import { FUNDS_ACTIONS, FUNDS_MENU, ORDERS_MENU, PROFILE_MENU } from '../menus/account.ts';
import { BUY_MENU, EARN_MENU } from '../menus/buy-earn.ts';
import { MORE_MENU } from '../menus/more.ts';
import { FUTURES_MENU, TRADE_MENU } from '../menus/trade.ts';
import type { MenuItem, TopMenu } from '../menus/types.ts';
import { visibleItems } from '../policy/filter-menu.ts';
import type { VisibilityDecision } from '../policy/types.ts';
import { isVisible } from '../policy/visibility.ts';

/** Section keys 0–12 (SPEC §2). */
export type DrawerSectionKey = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 11 | 12;

/** Section names, used as `data-section` and in tests. */
export type DrawerSectionId =
  | 'profile' | 'trade' | 'futures' | 'buy' | 'earn' | 'more' | 'wallet' | 'orders' | 'account'
  | 'language' | 'display' | 'download' | 'logout'; // prettier-ignore

/** One row of the table. */
export interface DrawerSectionDef {
  key: DrawerSectionKey;
  id: DrawerSectionId;
  kind: 'profile' | 'menu' | 'language' | 'display' | 'download' | 'logout';
  /** Menu sections: the menu (title and items); the wallet adds its quick actions first. */
  menu?: TopMenu;
  extraItems?: readonly MenuItem[];
  /** Controls of which at least one must be visible (AND with a non-empty menu). */
  anyOf?: readonly string[];
}

/** THE table (keys 0–12, in order). */
export const DRAWER_SECTIONS: readonly DrawerSectionDef[] = [
  { key: 0, id: 'profile', kind: 'profile' },
  { key: 1, id: 'trade', kind: 'menu', menu: TRADE_MENU },
  { key: 2, id: 'futures', kind: 'menu', menu: FUTURES_MENU },
  { key: 3, id: 'buy', kind: 'menu', menu: BUY_MENU },
  { key: 4, id: 'earn', kind: 'menu', menu: EARN_MENU },
  { key: 5, id: 'more', kind: 'menu', menu: MORE_MENU },
  { key: 6, id: 'wallet', kind: 'menu', menu: FUNDS_MENU, extraItems: FUNDS_ACTIONS, anyOf: ['wallet-menu'] },
  { key: 7, id: 'orders', kind: 'menu', menu: ORDERS_MENU, anyOf: ['order-menu'] },
  { key: 8, id: 'account', kind: 'menu', menu: PROFILE_MENU, anyOf: ['personal-center'] },
  { key: 9, id: 'language', kind: 'language', anyOf: ['language'] },
  { key: 10, id: 'display', kind: 'display', anyOf: ['setting', 'theme', 'exchange-rate'] },
  { key: 11, id: 'download', kind: 'download', anyOf: ['download'] },
  { key: 12, id: 'logout', kind: 'logout', anyOf: ['logout', 'logout-all'] },
];

/** A section as the drawer renders it: menu sections carry their visible items (groups flattened). */
export interface DrawerSectionView extends DrawerSectionDef {
  items: MenuItem[];
}

/** Flattens grouped menus (More) into their entries. */
function flat(items: readonly MenuItem[]): MenuItem[] {
  return items.flatMap((i) => (i.children ? i.children : [i]));
}

/** The visible sections for a decision and login state, in key order. */
export function drawerSections(decision: VisibilityDecision, isLogin: boolean): DrawerSectionView[] {
  const out: DrawerSectionView[] = [];
  for (const def of DRAWER_SECTIONS) {
    if (def.anyOf && !def.anyOf.some((k) => isVisible(decision, k))) continue;
    if (def.kind === 'profile') {
      if (isLogin || isVisible(decision, 'login') || isVisible(decision, 'signup'))
        out.push({ ...def, items: [] });
      continue;
    }
    if (def.kind !== 'menu' || !def.menu) {
      out.push({ ...def, items: [] });
      continue;
    }
    const items = [
      ...visibleItems(def.extraItems ?? [], decision),
      ...flat(visibleItems(def.menu.items, decision)),
    ];
    if (items.length > 0) out.push({ ...def, items });
  }
  return out;
}

/** SPEC §4 disclosure rule: clicking the open section closes it; clicking another opens it (one at a time). */
export function toggleSection(
  open: DrawerSectionKey | null,
  clicked: DrawerSectionKey,
): DrawerSectionKey | null {
  return open === clicked ? null : clicked;
}
