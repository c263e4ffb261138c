/** Applies a visibility decision to menu data (pure): hidden items, and groups left empty, drop out. */
import type { MenuItem } from '../menus/types.ts';
import type { VisibilityDecision } from './types.ts';
import { isVisible } from './visibility.ts';

/** The visible items of `items`, recursively; a group with no visible child is dropped too. */
export function visibleItems(items: readonly MenuItem[], decision: VisibilityDecision): MenuItem[] {
  const out: MenuItem[] = [];
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
