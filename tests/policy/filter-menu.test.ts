// Applying the visibility decision to menu data (src/policy/filter-menu.ts; SPEC §6 'Per-site flags hide items',
// §3 'Menu item': children and hover children): hidden items drop out, recursively, and a group left with no
// visible child drops out with them; hover children are filtered but never remove their item.
import { describe, expect, it } from 'vitest';
import { visibleItems, type MenuNode } from '../../src/policy/filter-menu.ts';
import type { VisibilityDecision } from '../../src/policy/types.ts';
import { decideVisibility } from '../../src/policy/visibility.ts';
import { SUB_SITE } from '../../common/domain/sub-sites.ts';
import { scenario } from './fixtures.ts';

interface Node extends MenuNode<Node> {
  label?: string;
}

/** A decision that hides exactly `keys`. */
const hiding = (...keys: string[]): VisibilityDecision => ({
  ...decideVisibility(scenario(SUB_SITE.GLOBAL, 'vip')),
  hidden: Object.fromEntries(keys.map((k) => [k, ['site-flags' as const]])),
});

const MENU: readonly Node[] = [
  { key: 'a', label: 'A' },
  {
    key: 'group',
    label: 'Group',
    children: [{ key: 'child-1' }, { key: 'child-2', children: [{ key: 'grandchild' }] }],
  },
  { key: 'hover', label: 'Hover', hoverChildren: [{ key: 'buy' }, { key: 'sell' }] },
  { key: 'b' },
];

describe('visibleItems (SPEC §6 per-site flags on menu data)', () => {
  it('keeps every item, unchanged, when nothing is hidden', () => {
    expect(visibleItems(MENU, hiding())).toEqual(MENU);
  });

  it('drops a hidden item and keeps the order of the others', () => {
    expect(visibleItems(MENU, hiding('a')).map((i) => i.key)).toEqual(['group', 'hover', 'b']);
  });

  it('filters children recursively and keeps the item its other fields', () => {
    const [, group] = visibleItems(MENU, hiding('child-1'));
    expect(group).toEqual({
      key: 'group',
      label: 'Group',
      children: [{ key: 'child-2', children: [{ key: 'grandchild' }] }],
    });
  });

  it('drops a group whose children are all hidden, and a sub-group emptied below it', () => {
    expect(visibleItems(MENU, hiding('child-1', 'grandchild')).map((i) => i.key)).toEqual([
      'a',
      'hover',
      'b',
    ]);
    expect(visibleItems(MENU, hiding('child-1', 'child-2')).map((i) => i.key)).toEqual(['a', 'hover', 'b']);
  });

  it('filters hover children but keeps their item even with none left', () => {
    const hover = (d: VisibilityDecision) => visibleItems(MENU, d).find((i) => i.key === 'hover');
    expect(hover(hiding('sell'))).toEqual({ key: 'hover', label: 'Hover', hoverChildren: [{ key: 'buy' }] });
    expect(hover(hiding('buy', 'sell'))).toEqual({ key: 'hover', label: 'Hover', hoverChildren: [] });
  });

  it('does not look at the children of a hidden item', () => {
    expect(visibleItems(MENU, hiding('group', 'child-1')).map((i) => i.key)).toEqual(['a', 'hover', 'b']);
  });
});
