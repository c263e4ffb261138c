/**
 * Menu content with entries on the left and, while an entry with a panel is hovered or focused, its market panel
 * on the right (SPEC §4 'Trade and derivatives panels show an extra market list only while hovering'); entries with
 * hover children show those instead. Items come from src/menus/ already filtered by the policy.
 */
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { lazyOnIntent } from '../lib/lazy-intent.tsx';
import type { LinkContext, MenuItem } from '../menus/types.ts';
import type { MarketKind, SettleCurrency } from '../../workers/market/contract.ts';
import { MenuEntry } from '../menus/MenuEntry.tsx';
import { ChunkFallback } from '../ui/ChunkFallback.tsx';

/** The market panel (virtualizer, engine client): loaded when a menu with panels opens. */
const MarketPanel = lazyOnIntent(
  () => import('../markets/MarketPanel.tsx').then((m) => m.MarketPanel),
  'market panel',
);

export interface MegaMenuProps {
  items: readonly MenuItem[];
  ctx: LinkContext;
  /** Accessible name of the menu's navigation landmark. */
  label: string;
  /** Shown above the entries (the Buy crypto menu's pay-with picker). */
  header?: ReactNode;
}

/** Entries plus the active entry's market panel or hover children. */
export function MegaMenu({ items, ctx, label, header }: MegaMenuProps) {
  const [active, setActive] = useState<string | null>(null);
  // One stable callback per entry, so hovering an entry re-renders only the two entries whose `active` changed.
  const activators = useMemo(() => new Map(items.map((i) => [i.key, () => setActive(i.key)])), [items]);
  const activeItem = items.find((e) => e.key === active);
  // Opening the menu is the intent: load the panel chunk and ask for each panel's first window now, so the panel
  // a trader hovers next paints its rows on mount (src/markets/prefetch.ts).
  const panelsKey = items.flatMap((i) => (i.panel ? [`${i.panel.kind}:${i.panel.settle ?? ''}`] : [])).join();
  useEffect(() => {
    if (!panelsKey) return;
    void MarketPanel.preload();
    const panels = panelsKey.split(',').map((p) => {
      const [kind, settle] = p.split(':') as [MarketKind, SettleCurrency | ''];
      return { kind, settle: settle || undefined };
    });
    import('../markets/prefetch.ts')
      .then((m) => m.prefetchPanels(panels))
      .catch((err: unknown) => console.warn('[markets] prefetch unavailable', err));
  }, [panelsKey]);
  const twoColumns = items.length > 8 && !items.some((i) => i.panel || i.hoverChildren);

  return (
    <div className="mega-menu">
      <nav aria-label={label}>
        {header}
        <ul className={twoColumns ? 'menu-list menu-list-2col' : 'menu-list'}>
          {items.map((item) => (
            <li key={item.key}>
              <MenuEntry
                item={item}
                ctx={ctx}
                active={item.key === active}
                onActivate={activators.get(item.key)}
              />
            </li>
          ))}
        </ul>
      </nav>
      {activeItem?.panel && (
        <MarketPanel
          key={activeItem.key}
          kind={activeItem.panel.kind}
          settle={activeItem.panel.settle}
          fallback={(state) => (
            <div className="market-panel market-panel-pending">
              <ChunkFallback {...state} />
            </div>
          )}
        />
      )}
      {activeItem?.hoverChildren && activeItem.hoverChildren.length > 0 && (
        <ul className="menu-list menu-hover-children">
          {activeItem.hoverChildren.map((child) => (
            <li key={child.key}>
              <MenuEntry item={child} ctx={ctx} compact />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
