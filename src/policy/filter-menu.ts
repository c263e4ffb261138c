/** Applies a visibility decision to menu data (pure): hidden items, and groups left empty, drop out. */
import type { VisibilityDecision } from './types.ts';
import { isVisible } from './visibility.ts';

/** What the walk reads of an item: its key, and its children and hover children when it has them. */
export interface MenuNode<T> {
  key: string;
  children?: readonly T[];
  hoverChildren?: readonly T[];
}

/**
 * The visible items of `items`, recursively; a group with no visible child is dropped too. Works on full menu items
 * (src/menus/types.ts MenuItem) and on the closed header's key trees (src/menus/top-menus.ts) alike.
 */
export function visibleItems<T extends MenuNode<T>>(items: readonly T[], decision: VisibilityDecision): T[] {
  const out: T[] = [];
  for (const item of items) {
    if (!isVisible(decision, item.key)) continue;
    if (item.children) {
      const children = visibleItems(item.children, decision);
      if (children.length === 0) continue;
      out.push({ ...item, children });
    } else if (item.hoverChildren) {
      out.push({ ...item, hoverChildren: visibleItems(item.hoverChildren, decision) });
    } else {
      out.push(item);
    }
  }
  return out;
}
