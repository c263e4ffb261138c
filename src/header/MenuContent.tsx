/**
 * The open content of a top navigation menu (SPEC §2, §4): grouped columns for a menu whose items have children
 * (More), otherwise entries with market panels or hover children (MegaMenu), with the pay-with picker above the Buy
 * crypto entries. Loaded on the first intent on any top menu (./Header.tsx); default export for the lazy import.
 */
import type { LinkContext, MenuItem } from '../menus/types.ts';
import { PayWithPicker } from '../buy/PayWithPicker.tsx';
import { GroupedMenu } from './GroupedMenu.tsx';
import { MegaMenu } from './MegaMenu.tsx';

/** Props: the menu's visible items, link context, landmark label, and whether it is the Buy crypto menu. */
export interface MenuContentProps {
  items: readonly MenuItem[];
  ctx: LinkContext;
  label: string;
  payWith: boolean;
}

/** Grouped or mega menu content. */
export default function MenuContent({ items, ctx, label, payWith }: MenuContentProps) {
  return items.some((i) => i.children) ? (
    <GroupedMenu groups={items} ctx={ctx} label={label} />
  ) : (
    <MegaMenu items={items} ctx={ctx} label={label} header={payWith ? <PayWithPicker /> : undefined} />
  );
}
