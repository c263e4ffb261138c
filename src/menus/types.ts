/**
 * Menu items as data (SPEC §3 'Menu item', ARCHITECTURE.md 'Menus are data; visibility is one policy'). Each item is declared once: a key the visibility
 * policy decides on, i18n keys (namespace `nav`), a link builder under the language prefix, an icon, an optional badge,
 * children (groups) and hover children (a side column shown while the item is hovered). Pure types.
 */
import type { MarketKind, SettleCurrency } from '../../workers/market/contract.ts';
import type { SubSiteId } from '../../common/domain/sub-sites.ts';
import type { IconName } from '../ui/icon-names.ts';

/** Badges (SPEC §9): Hot, New, 0 Fee, High Yield. */
export type Badge = 'hot' | 'new' | 'zeroFee' | 'highYield';

/** What a link builder may depend on. */
export interface LinkContext {
  /** `` or `/zh` … (SPEC §2). */
  langPrefix: string;
  site: SubSiteId;
  /** Fiat for buy-crypto links (common site data `defaultBuyCryptoFiat`, else `curr_fiat`, else USD). */
  fiat: string;
  /** Fiat for P2P links (`defaultP2PFiat`). */
  p2pFiat: string;
}

/** One menu entry. `key` is also its test id suffix: `data-testid="menu-{key}"` (unless `testId` overrides). */
export interface MenuItem {
  key: string;
  /** i18n key in `nav`. */
  titleKey: string;
  descKey?: string;
  /** Href builder; absent on group headings. */
  link?: (ctx: LinkContext) => string;
  icon: IconName;
  badge?: Badge;
  /** Grouped items (a heading with its entries). */
  children?: readonly MenuItem[];
  /** Shown beside the menu while this item is hovered or focused. */
  hoverChildren?: readonly MenuItem[];
  /** Market panel shown while hovered (SPEC §4); rendered by MegaMenu + MarketPanel. */
  panel?: { kind: MarketKind; settle?: SettleCurrency };
  /** Overrides the default `menu-{key}` test id. */
  testId?: string;
}

/** A top-level menu: its trigger test id, title and items. */
export interface TopMenu {
  key: string;
  testId: string;
  titleKey: string;
  items: readonly MenuItem[];
}
