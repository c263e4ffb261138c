/**
 * Tab menus of the market panels (SPEC §7 /apiw/v2/common/tabs?area=web_trade with language and app-type headers,
 * §9 cache `menu_web_trade_v2`). Labels come in the request's language, hence the language check of the cache.
 */
import type { MarketKind, MarketTab } from '../contract.ts';
import { z } from 'zod/mini';
import { TabMenuWire } from '../../../common/wire/market.ts';
import { marketUrl } from '../../../common/wire/endpoints.ts';
import { CACHE_NAMES } from '../config.ts';
import { apiLanguage, isLocale } from '../../../common/domain/locales.ts';
import { fetchEnvelopeData, isNonEmptyArray, validRows, type SourceDef } from './source.ts';

/** Header values of the tabs call (SPEC §7 'language and app-type headers'). */
export const APP_TYPE = 'web';

/** The tabs of `kind` from the menus ([] when the menu lacks it). */
export function tabsOf(menus: readonly TabMenuWire[], kind: MarketKind): MarketTab[] {
  const menu = menus.find((m) => m.market === kind);
  return menu ? menu.tabs.map((t) => ({ key: t.key, name: t.name })) : [];
}

/** The tabs source. Cache validity (SPEC §5): a non-empty array. */
export const tabsSource: SourceDef<TabMenuWire[]> = {
  id: 'tabs',
  cacheName: CACHE_NAMES.tabs,
  refreshMs: null,
  async fetch(ctx) {
    const lang = apiLanguage(isLocale(ctx.lang) ? ctx.lang : 'en');
    const res = await fetchEnvelopeData(ctx, marketUrl('tabs'), { lang, 'X-App-Type': APP_TYPE });
    if (!res.ok) return null;
    const menus = validRows(res.data, TabMenuWire, ctx, 'tabs');
    return menus && tabsSource.isValid(menus) ? menus : null;
  },
  isValid(data: unknown): data is TabMenuWire[] {
    return isNonEmptyArray(data);
  },
  cacheSchema: z.array(TabMenuWire),
};
