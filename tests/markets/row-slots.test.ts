// @vitest-environment happy-dom
// The market list's DOM adapter (src/markets/row-slots.ts with row-markup.ts and row-write.ts, SPEC §3 rows, §9):
// a 14-element row with its hooks, roles and names; rows written in place, released out of sight, skeletons while
// on their way, the active row marked, badges and the star's state.
import { describe, expect, it } from 'vitest';
import type { ListRow } from '../../workers/market/contract.ts';
import { RowSlots, rowId } from '../../src/markets/row-slots.ts';
import { listRow } from './list-row.ts';

const labels = {
  st: 'Special treatment',
  upcoming: 'Upcoming',
  isNew: 'New',
  hot: 'Hot',
  favouriteAdd: 'Add {{pair}} to favourites',
  favouriteRemove: 'Remove {{pair}} from favourites',
  delisted: 'Delisted',
};

function setup(pool = 6) {
  document.body.innerHTML = '<div id="list"><div id="rows"></div></div>';
  const list = document.getElementById('list')!;
  const container = document.getElementById('rows')!;
  const slots = new RowSlots(container, list, {
    kind: 'spot',
    labels,
    idPrefix: 'L',
    rowPx: 58,
    poolSize: pool,
  });
  const data = new Map<number, ListRow>();
  for (let i = 0; i < 100; i++) data.set(i, listRow(`C${i}_USDT`, { price: `${i}.00` }));
  const draw = (first: number, last: number, active = -1, keep = { first, last }) =>
    slots.render({ first, last }, (i) => data.get(i), 100, keep, active);
  const shown = () => [...container.querySelectorAll<HTMLElement>('[data-testid="market-row"]')];
  return { slots, container, list, data, draw, shown };
}

describe('RowSlots', () => {
  it('writes a row of 16 elements: the slot is the row, a star cell (button, SVG star) and a link cell', () => {
    const { draw, shown, container } = setup();
    draw(0, 3);
    expect(container.style.height).toBe(`${100 * 58}px`);
    const rows = shown();
    expect(rows).toHaveLength(3);
    const row = rows[1]!;
    expect(row.classList.contains('market-row-slot')).toBe(true);
    expect(row.querySelectorAll('*').length + 1).toBe(16);
    // The star is an SVG path, hidden from assistive technology (the button names the pair).
    expect(row.querySelector('.favourite-toggle > svg[aria-hidden="true"] > path')).not.toBeNull();
    expect(row.getAttribute('role')).toBe('row');
    expect(row.getAttribute('data-kind')).toBe('spot');
    expect(row.getAttribute('data-symbol')).toBe('C1_USDT');
    expect(row.id).toBe(rowId('L', 1));
    expect(row.style.transform).toBe('translateY(58px)');
    expect([...row.children].map((c) => c.getAttribute('role'))).toEqual(['gridcell', 'gridcell']);
    const link = row.querySelector('a.market-row')!;
    expect(link.getAttribute('href')).toBe('/trade/C1_USDT');
    expect(row.querySelector('.market-row-base')!.textContent).toBe('C1');
    expect(row.querySelector('.market-row-quote')!.textContent).toBe('/USDT');
    expect(row.querySelector('.market-row-last')!.textContent).toBe('1.00');
    const star = row.querySelector('[data-testid="favourite-toggle"]')!;
    expect(star.getAttribute('aria-label')).toBe('Add C1/USDT to favourites');
    expect(star.getAttribute('aria-pressed')).toBe('false');
  });

  it('writes only what changed: the same text node takes the new price', () => {
    const { draw, data, shown } = setup();
    draw(0, 2);
    const cell = shown()[0]!.querySelector('.market-row-last')!;
    const text = cell.firstChild;
    data.set(0, { ...data.get(0)!, price: '9.99' });
    draw(0, 2);
    expect(cell.textContent).toBe('9.99');
    expect(cell.firstChild).toBe(text);
  });

  it('keeps row i in slot i mod pool, never moving a slot, and releases rows that left the window', () => {
    const { draw, container, shown } = setup(4);
    draw(0, 4);
    const order = [...container.children];
    draw(2, 6);
    expect([...container.children]).toEqual(order);
    expect(shown().map((r) => r.getAttribute('data-symbol'))).toEqual([
      'C4_USDT',
      'C5_USDT',
      'C2_USDT',
      'C3_USDT',
    ]);
    draw(2, 4);
    const released = [...container.children].filter((s) => s.getAttribute('aria-hidden') === 'true');
    expect(released).toHaveLength(2);
    for (const s of released) {
      expect(s.hasAttribute('data-testid')).toBe(false);
      expect(s.hasAttribute('data-symbol')).toBe(false);
      expect(s.querySelector('a')!.tabIndex).toBe(-1);
    }
  });

  it('leaves slots inside `keep` as they are', () => {
    const { draw, shown } = setup(6);
    draw(0, 6);
    draw(0, 2, -1, { first: 0, last: 100 });
    expect(shown()).toHaveLength(6);
  });

  it('shows a skeleton with its cells hidden while a row is on its way, and the row once it came', () => {
    const { draw, data, shown, container } = setup();
    data.delete(1);
    draw(0, 2);
    expect(shown()).toHaveLength(1);
    const slot = container.children[1] as HTMLElement;
    const skeleton = slot.querySelector<HTMLElement>('.market-row-skeleton')!;
    expect(skeleton.hidden).toBe(false);
    expect(skeleton.getAttribute('aria-hidden')).toBe('true');
    expect((slot.children[0] as HTMLElement).hidden).toBe(true);
    expect((slot.children[1] as HTMLElement).hidden).toBe(true);
    data.set(1, listRow('C1_USDT'));
    draw(0, 2);
    expect(shown()).toHaveLength(2);
    expect(skeleton.hidden).toBe(true);
    expect((slot.children[1] as HTMLElement).hidden).toBe(false);
  });

  it('marks the active row alone: aria-selected on every row, data-active on the active one', () => {
    const { draw, shown, slots } = setup();
    draw(0, 3, 1);
    expect(shown().map((r) => r.getAttribute('aria-selected'))).toEqual(['false', 'true', 'false']);
    expect(shown().map((r) => r.getAttribute('data-active'))).toEqual([null, 'true', null]);
    expect(slots.active).toBe(1);
    draw(0, 3, -1);
    expect(shown().filter((r) => r.hasAttribute('data-active'))).toHaveLength(0);
  });

  it('writes badges into the pair and the star state of a favourite, and a delisted row without a link', () => {
    const { draw, data, shown } = setup();
    data.set(0, listRow('A_USDT', { leverage: 5, isST: true, hot: true, favourite: true }));
    data.set(1, listRow('B_USDT', { delisted: true }));
    draw(0, 2);
    const [a, b] = shown();
    const badges = [...a!.querySelectorAll('.market-row-pair > .badge')].map((x) => x.textContent);
    expect(badges).toEqual(['5x', 'ST', 'Hot']);
    expect(a!.querySelector('.badge-st')!.getAttribute('title')).toBe('Special treatment');
    const star = a!.querySelector('[data-testid="favourite-toggle"]')!;
    expect(star.getAttribute('aria-pressed')).toBe('true');
    expect(star.getAttribute('aria-label')).toBe('Remove A/USDT from favourites');
    data.set(0, listRow('A_USDT'));
    draw(0, 2);
    expect(a!.querySelectorAll('.badge')).toHaveLength(0);
    expect(b!.getAttribute('data-state')).toBe('delisted');
    expect(b!.querySelector('a')!.hasAttribute('href')).toBe(false);
    expect(b!.querySelector('.market-row-sub')!.textContent).toBe('Delisted');
  });

  it('reuses the badge elements of a slot for the next row: only what differs is written, extra ones go', () => {
    const { draw, data, shown } = setup();
    data.set(0, listRow('A_USDT', { leverage: 5, hot: true }));
    draw(0, 1);
    const [a] = shown();
    const before = [...a!.querySelectorAll('.market-row-pair > .badge')];
    expect(before.map((x) => x.className)).toEqual(['badge badge-lev', 'badge badge-hot']);
    data.set(0, listRow('B_USDT', { leverage: 3, isST: true, hot: true }));
    draw(0, 1);
    const after = [...a!.querySelectorAll('.market-row-pair > .badge')];
    expect(after.map((x) => x.textContent)).toEqual(['3x', 'ST', 'Hot']);
    expect(after.slice(0, 2)).toEqual(before);
    expect(after[1]!.getAttribute('title')).toBe('Special treatment');
    data.set(0, listRow('C_USDT', { hot: true }));
    draw(0, 1);
    const last = [...a!.querySelectorAll('.market-row-pair > .badge')];
    expect(last.map((x) => x.textContent)).toEqual(['Hot']);
    expect(last[0]).toBe(before[0]);
    expect(last[0]!.className).toBe('badge badge-hot');
    expect(last[0]!.hasAttribute('title')).toBe(false);
  });

  it('maps an element to its row index (loaded rows only when asked) and removes every slot on destroy', () => {
    const { draw, data, shown, slots, container } = setup();
    data.delete(2);
    draw(0, 3);
    expect(slots.indexAt(shown()[1]!.querySelector('.market-row-last')!)).toBe(1);
    const loading = container.children[2]!;
    expect(slots.indexAt(loading)).toBe(2);
    expect(slots.indexAt(loading, true)).toBe(-1);
    expect(slots.indexAt(container)).toBe(-1);
    slots.destroy();
    expect(container.children).toHaveLength(0);
  });
});
