/**
 * The top menus' items by menu key (SPEC §2 'Header and top navigation'): the full data of ./trade.ts,
 * ./buy-earn.ts and ./more.ts, for the menus' open content. Not in the first load: the closed header reads the
 * shells of ./top-menus.ts.
 */
import { BUY_MENU, EARN_MENU } from './buy-earn.ts';
import { MORE_MENU } from './more.ts';
import { FUTURES_MENU, TRADE_MENU } from './trade.ts';
import type { TopMenu } from './types.ts';

/** The top menus, in order (the order of TOP_MENU_SHELLS). */
export const TOP_MENUS: readonly TopMenu[] = [TRADE_MENU, FUTURES_MENU, BUY_MENU, EARN_MENU, MORE_MENU];

/** A top menu's data by its key; undefined for an unknown key. */
export function topMenu(key: string): TopMenu | undefined {
  return TOP_MENUS.find((m) => m.key === key);
}
