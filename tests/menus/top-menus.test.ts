// The closed header's menu shells (src/menus/top-menus.ts) carry only keys; the items are declared in the menus' data
// (src/menus/trade.ts, buy-earn.ts, more.ts). This keeps the two in step: same menus in the same order, same
// triggers, same key trees (groups and their children), same market-panel entries.
import { describe, expect, it } from 'vitest';
import { TOP_MENU_SHELLS, type MenuKeyNode } from '../../src/menus/top-menus.ts';
import { TOP_MENUS, topMenu } from '../../src/menus/top-menu-data.ts';
import type { MenuItem } from '../../src/menus/types.ts';

const keyTree = (items: readonly MenuItem[]): MenuKeyNode[] =>
  items.map((i) => (i.children ? { key: i.key, children: keyTree(i.children) } : { key: i.key }));

describe('top menu shells', () => {
  it('list the menus of the data, in order, with their triggers', () => {
    expect(TOP_MENU_SHELLS.map(({ key, testId, titleKey }) => ({ key, testId, titleKey }))).toEqual(
      TOP_MENUS.map(({ key, testId, titleKey }) => ({ key, testId, titleKey })),
    );
  });

  it.each(TOP_MENU_SHELLS.map((s) => [s.key, s] as const))(
    '%s: key tree and panel entries equal the data',
    (key, shell) => {
      const data = topMenu(key);
      expect(data).toBeDefined();
      expect(shell.items).toEqual(keyTree(data!.items));
      expect(shell.panelKeys).toEqual(data!.items.filter((i) => i.panel).map((i) => i.key));
    },
  );

  it('finds no data for an unknown key', () => {
    expect(topMenu('nope')).toBeUndefined();
  });
});
