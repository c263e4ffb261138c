/**
 * A market row slot's markup (SPEC §3 rows, §9 58 px rows; the DOM adapter's, row-slots.ts): built once per slot and
 * written in place ever after (row-write.ts). 16 elements a row (the floor page's has 14: no grid cells):
 *
 * `div.market-row-slot.market-row-item[role=row][data-testid=market-row][data-symbol][data-kind][id][aria-selected]
 * > (span.market-row-star[role=gridcell] > button.favourite-toggle > svg > path)
 * + (span.market-row-cell[role=gridcell] > a.market-row > (img.coin-icon | span.coin-icon-letter)
 *    + span.market-row-name > (span.market-row-pair > base + quote + badges…) + span.market-row-sub
 *    + span.market-row-last + span.market-row-change + span.market-row-volume)`
 *
 * The slot is the row (a container of its link and its star: a button inside a link would be invalid); the star is
 * an SVG path (star-icon.ts: a CSS clip-path on the button cost more paint than two elements); badges sit in the
 * pair without a wrapper.
 * A slot whose row is on its way shows `div.market-row-skeleton` (made on first need) with its cells hidden.
 */
import type { ListRow, MarketKind } from '../../workers/market/contract.ts';
import { starIcon } from './star-icon.ts';

/** A text cell: an element whose one child is a Text node made with it (`textCell`), written through `setText`. */
export type TextCell = HTMLElement & { firstChild: Text };

/** One row slot: its elements and what was last written into them (compared before each write). */
export interface Slot {
  /** The row (`role=row`): carries the row's hooks, its position and its active state. */
  el: HTMLDivElement;
  starCell: HTMLSpanElement;
  star: HTMLButtonElement;
  cell: HTMLSpanElement;
  link: HTMLAnchorElement;
  skeleton: HTMLDivElement | null;
  /** The skeleton is shown (the row is on its way). */
  loading: boolean;
  img: HTMLImageElement;
  letter: TextCell;
  pair: HTMLSpanElement;
  base: TextCell;
  quote: TextCell;
  /** The badge elements in the pair, after the quote. */
  badges: HTMLSpanElement[];
  sub: TextCell;
  price: TextCell;
  change: TextCell;
  volume: TextCell;
  /** Row index the slot holds, -1 when free. */
  index: number;
  /** Last row written (fields compared before writing). */
  row: ListRow | null;
  badgeKey: string;
  /** Background colour of the letter avatar as last written ('' = none yet). */
  letterColour: string;
  /** Trend sign whose class the change cell has. */
  trend: 1 | -1 | 0;
  top: number;
  /** The slot shows the active row (`aria-selected`, `data-active`). */
  active: boolean;
}

/** A `tag` element of class `className`, appended to `parent` when given. */
export function el<K extends keyof HTMLElementTagNameMap>(
  doc: Document,
  tag: K,
  className: string,
  parent?: HTMLElement,
): HTMLElementTagNameMap[K] {
  const node = doc.createElement(tag);
  if (className) node.className = className;
  parent?.appendChild(node);
  return node;
}

/** A span of class `className` in `parent` holding one empty Text node, for `setText`. */
function textCell(doc: Document, className: string, parent: HTMLElement): TextCell {
  const node = el(doc, 'span', className, parent);
  node.appendChild(doc.createTextNode(''));
  return node as TextCell;
}

/**
 * Writes `text` into a text cell's Text node when it differs. The node's data is set in place: no child node is
 * removed or created, so a write costs a text change alone (docs/benchmarks/history.md 'Overscan rows after the paint').
 */
export function setText(node: TextCell, text: string): void {
  const t = node.firstChild;
  if (t.data !== text) t.data = text;
}

/** A new, free slot of a `kind` list (not attached; its row hooks are written with its first row). */
export function createSlot(doc: Document, kind: MarketKind): Slot {
  const row = el(doc, 'div', 'market-row-slot market-row-item');
  row.setAttribute('role', 'row');
  row.setAttribute('aria-selected', 'false');
  row.setAttribute('data-kind', kind);
  const starCell = el(doc, 'span', 'market-row-star', row);
  starCell.setAttribute('role', 'gridcell');
  const star = el(doc, 'button', 'favourite-toggle', starCell);
  star.type = 'button';
  star.tabIndex = -1;
  star.setAttribute('data-testid', 'favourite-toggle');
  star.setAttribute('aria-pressed', 'false');
  star.appendChild(starIcon(doc));
  const cell = el(doc, 'span', 'market-row-cell', row);
  cell.setAttribute('role', 'gridcell');
  const link = el(doc, 'a', 'market-row', cell);
  const img = el(doc, 'img', 'coin-icon');
  img.alt = '';
  img.width = 24;
  img.height = 24;
  img.decoding = 'async';
  const letter = textCell(doc, 'coin-icon coin-icon-letter', link);
  letter.setAttribute('aria-hidden', 'true');
  const name = el(doc, 'span', 'market-row-name', link);
  // A pair reads BASE/QUOTE left to right in every locale (in Arabic it would show as USDT/ BTC).
  const pair = el(doc, 'span', 'market-row-pair', name);
  pair.dir = 'ltr';
  const base = textCell(doc, 'market-row-base', pair);
  base.dir = 'auto';
  const quote = textCell(doc, 'market-row-quote', pair);
  const sub = textCell(doc, 'market-row-sub', name);
  sub.dir = 'auto';
  return {
    el: row,
    starCell,
    star,
    cell,
    link,
    skeleton: null,
    loading: false,
    img,
    letter,
    pair,
    base,
    quote,
    badges: [],
    sub,
    price: textCell(doc, 'market-row-last num', link),
    change: textCell(doc, 'market-row-change num trend-flat', link),
    volume: textCell(doc, 'market-row-volume num', link),
    index: -1,
    row: null,
    badgeKey: '0|0|0|0|0',
    letterColour: '',
    trend: 0,
    top: -1,
    active: false,
  };
}

/** Shows (`on`) or hides the skeleton of `slot`, whose row is on its way: its cells hidden, no test hook, no row. */
export function showSkeleton(slot: Slot, on: boolean): void {
  if (slot.loading === on) return;
  slot.loading = on;
  if (on && !slot.skeleton) {
    const doc = slot.el.ownerDocument;
    const skeleton = el(doc, 'div', 'market-row market-row-skeleton', slot.el);
    skeleton.setAttribute('aria-hidden', 'true');
    for (const c of ['icon', 'text', 'num', 'num', 'num'])
      el(doc, 'span', `skeleton skeleton-${c}`, skeleton);
    slot.skeleton = skeleton;
  }
  if (slot.skeleton) slot.skeleton.hidden = !on;
  slot.starCell.hidden = on;
  slot.cell.hidden = on;
  if (on) {
    slot.el.removeAttribute('data-testid');
    slot.row = null;
  }
}
