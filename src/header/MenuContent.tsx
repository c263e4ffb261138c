/**
 * The open content of a top navigation menu (SPEC §2, §4): grouped columns for a menu whose items have children
 * (More), otherwise entries with market panels or hover children (MegaMenu), with the pay-with picker above the Buy
 * crypto entries. Loaded on the first intent on any top menu (./Header.tsx); default export for the lazy import.
 */
import type { LinkContext } from '../menus/types.ts';
import { topMenu } from '../menus/top-menu-data.ts';
import { visibleItems } from '../policy/filter-menu.ts';
import type { VisibilityDecision } from '../policy/types.ts';
import { PayWithPicker } from '../buy/PayWithPicker.tsx';
import { GroupedMenu } from './GroupedMenu.tsx';
import { MegaMenu } from './MegaMenu.tsx';

/**
 * Props: the top menu's key (src/menus/top-menus.ts), the policy's decision (its items are filtered here, the same
 * walk the closed header ran on the menu's keys), link context, landmark label, and whether it is the Buy crypto
 * menu.
 */
export interface MenuContentProps {
  menu: string;
  decision: VisibilityDecision;
  ctx: LinkContext;
  label: string;
  payWith: boolean;
}

/** Grouped or mega menu content; nothing for an unknown menu key. */
export default function MenuContent({ menu, decision, ctx, label, payWith }: MenuContentProps) {
  const data = topMenu(menu);
  if (!data) return null;
  const items = visibleItems(data.items, decision);
  return items.some((i) => i.children) ? (
    <GroupedMenu groups={items} ctx={ctx} label={label} />
  ) : (
    <MegaMenu items={items} ctx={ctx} label={label} header={payWith ? <PayWithPicker /> : undefined} />
  );
}
