/**
 * The DOM side of a market list (SPEC §3 rows, §9 58 px rows): a fixed pool of row slots, written in place.
 * Row `i` always lives in slot `i mod poolSize`, and a slot never moves in the DOM while the list scrolls: a scroll
 * step rewrites the text, attributes and `translateY` of the slots whose rows changed, and a slot with no row stays
 * attached out of sight (see `release`), so no step re-attaches, restyles or re-lays out a whole slot subtree.
 * A keystroke rewrites only the text that changed, and the coin `<img>` keeps its node (its `src` changes). No
 * framework: the list controller (market-list.ts) calls `render` in the task that received the rows.
 *
 * DOM order: no slot moves while the list scrolls; Tab and reading order (the slots put back in row order on focus,
 * on Tab and once the list is still, never moving the focused row's slot) are a part of their own, slot-order.ts.
 *
 * Markup per slot: `div.market-row-slot[role=none] > div.market-row-item[role=row][data-testid=market-row]
 * [data-symbol][data-kind] > (span[role=gridcell] > button.favourite-toggle) + (span[role=gridcell] > a.market-row)`,
 * or `div.market-row-skeleton` while its row is on its way. The row is a container of its link and its star (a
 * button inside a link would be invalid), so the list is a grid that the panel's search field controls (WAI-ARIA
 * combobox with a grid popup, SPEC §9 keyboard): each row has a stable id per row index (`rowId`), `aria-selected`
 * and `data-active="true"` on the active row (keyboard and hover share it: a pointer moving over a row makes it
 * active through `onHover`). The star (SPEC §4 favourites) has `aria-pressed` and a label naming the pair; it is out
 * of the Tab order (Tab walks the row links; Shift+Enter in the search field stars the active row) and a press on it
 * neither opens the pair nor moves focus. Server text is set with `textContent` (never HTML); icon URLs pass the URL
 * policy (`coinIconSrc`).
 */
import type { ListRow, MarketKind } from '../../workers/market/contract.ts';
import { coinIconSrc, letterColour, letterOf } from '../ui/icon-url.ts';
import type { RowRenderer } from './market-list.ts';
import { flashPrice } from './live-cells.ts';
import { SlotOrder } from './slot-order.ts';
import { trendClass } from './trend.ts';

/** Badge and star texts, already translated (markets namespace); the star's have a `{{pair}}` placeholder. */
export interface RowLabels {
  st: string;
  upcoming: string;
  isNew: string;
  hot: string;
  favouriteAdd: string;
  favouriteRemove: string;
  delisted: string;
}

interface Slot {
  el: HTMLDivElement;
  /** The row (`role=row`): the link's and the star's container, carrying the row's hooks and active state. */
  item: HTMLDivElement;
  link: HTMLAnchorElement;
  star: HTMLButtonElement;
  skeleton: HTMLDivElement | null;
  img: HTMLImageElement;
  letter: TextCell;
  base: TextCell;
  quote: TextCell;
  badges: HTMLSpanElement;
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
  trend: ListRow['trend'];
  top: number;
  /** The slot shows the active row (`aria-selected`, `data-active`). */
  active: boolean;
}

/** The DOM id of row `index` of the list whose rows' ids start with `prefix` (aria-activedescendant). */
export function rowId(prefix: string, index: number): string {
  return `${prefix}-row-${index}`;
}

function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  className: string,
  parent?: HTMLElement,
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (className) node.className = className;
  parent?.appendChild(node);
  return node;
}

/** A text cell: an element whose one child is a Text node made with it (`textCell`), written through `setText`. */
type TextCell = HTMLElement & { firstChild: Text };

/** A `tag` element of class `className` (in `parent`) holding one empty Text node, for `setText`. */
function textCell(tag: 'span', className: string, parent: HTMLElement): TextCell {
  const node = el(tag, className, parent);
  node.appendChild(document.createTextNode(''));
  return node as TextCell;
}

/**
 * Writes `text` into a text cell's Text node when it differs. The node's data is set in place: no child node is
 * removed or created, so a write costs a text change alone (about half of a `textContent` write in the live scroll
 * profile, docs/benchmarks/history.md, 'Overscan rows after the paint').
 */
function setText(node: TextCell, text: string): void {
  const t = node.firstChild;
  if (t.data !== text) t.data = text;
}

/** The star's outline (filled by CSS when pressed); static markup, never data. */
const STAR_SVG =
  '<svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d="m12 3.2 2.7 5.5 6 .9-4.35 4.25 1.03 6-5.38-2.83-5.38 2.83 1.03-6L3.3 9.6l6-.9L12 3.2Z" stroke="currentColor" stroke-width="1.6" stroke-linejoin="round"/></svg>';

/** Icon URLs that failed to load in this page: shown as the letter avatar from then on. */
const failedIcons = new Set<string>();

/** What a list's slots need besides their elements: ids, badge texts, geometry and the hover hook. */
export interface RowSlotsOptions {
  kind: MarketKind;
  labels: RowLabels;
  /** Row ids are `rowId(idPrefix, index)` (unique in the page). */
  idPrefix: string;
  /** The fixed row height, px (SPEC §9: 58). */
  rowPx: number;
  /** The most rows a window holds (WINDOW_ROWS, SPEC §9: 29). */
  poolSize: number;
  /** The pointer moved onto row `index` (it becomes the active row). */
  onHover(index: number): void;
  /** The star of row `index` was pressed (SPEC §4 favourites). */
  onStar(index: number): void;
}

/**
 * Row slots inside `container` (an empty, position: relative element owned by this object), in the scroller `list`
 * (its focus decides DOM order, see the file comment). Implements RowRenderer; `destroy` removes every slot and
 * listener.
 */
export class RowSlots implements RowRenderer {
  /** Slot `k` holds the rows whose index is `k` mod `pool`; created on first use. */
  private slots: Array<Slot | undefined> = [];
  private readonly byEl = new Map<Element, Slot>();
  /** Tab and reading order of the slots (slot-order.ts): the focus listeners and the pass once still. */
  private readonly order: SlotOrder;

  private readonly kind: MarketKind;
  private readonly labels: RowLabels;
  private readonly rowPx: number;
  private pool: number;
  /** The active row's index as last rendered (-1: none). */
  private active = -1;

  constructor(
    private readonly container: HTMLElement,
    list: HTMLElement,
    private readonly o: RowSlotsOptions,
  ) {
    this.kind = o.kind;
    this.labels = o.labels;
    this.rowPx = o.rowPx;
    this.pool = o.poolSize;
    this.order = new SlotOrder(container, list, (node) => this.byEl.get(node));
    container.addEventListener('pointerover', this.onPointerOver, { passive: true });
    // The pointer's moves anywhere on the page: a list that opens under a resting pointer knows it did not move.
    container.ownerDocument.addEventListener('pointermove', this.onPointerMove, {
      capture: true,
      passive: true,
    });
    container.addEventListener('click', this.onClick);
  }

  /**
   * Sizes the container to `total` rows and writes rows `[range.first, range.last)`, hiding slots outside `keep`
   * (see RowRenderer); no slot moves (the reading-order pass waits for the list to be still).
   */
  readonly render: RowRenderer['render'] = (range, rowAt, total, keep, active) => {
    this.active = active;
    // The sizer gives the scroller its height (total × row height); written here, so typing renders nothing in React.
    const height = `${total * this.rowPx}px`;
    if (this.container.style.height !== height) this.container.style.height = height;
    if (range.last - range.first > this.pool) this.regrow(range.last - range.first);
    // Whether any slot took another row: a repaint of the same rows (live prices) must not postpone the reading-order
    // pass, which waits for the rows to be still, not their text.
    let moved = false;
    const size = range.last - range.first;
    for (let k = 0; k < this.slots.length; k++) {
      const slot = this.slots[k];
      if (!slot || slot.index < 0) continue;
      const i = slot.index;
      const inside = i >= range.first && i < range.last;
      if (inside) continue;
      if (i >= keep.first && i < keep.last && i < total) {
        this.markActive(slot, i === active);
        continue;
      }
      moved = true;
      // A slot that takes another row of the range in the loop below (row i lives in slot i mod pool) keeps its
      // hooks and attributes: `write` rewrites what differs. Releasing it first set and removed six attributes per
      // slot and scroll step, each a style invalidation, for nothing (docs/benchmarks/history.md 'Scrolling, sixth pass').
      if ((k - (range.first % this.pool) + this.pool) % this.pool < size) {
        this.order.releasing(slot.el);
        continue;
      }
      this.release(slot);
    }
    for (let i = range.first; i < range.last; i++) {
      const k = i % this.pool;
      const slot = this.slots[k] ?? this.create(k);
      if (slot.index < 0) this.reuse(slot);
      if (slot.index !== i) moved = true;
      slot.index = i;
      this.write(slot, i, rowAt(i));
    }
    if (moved) this.order.whenStill();
  };

  /** Removes every slot from the container and the focus listeners from the list. */
  destroy(): void {
    this.order.destroy();
    this.container.removeEventListener('pointerover', this.onPointerOver);
    this.container.ownerDocument.removeEventListener('pointermove', this.onPointerMove, { capture: true });
    this.container.removeEventListener('click', this.onClick);
    for (const slot of this.slots) slot?.el.remove();
    this.slots = [];
    this.byEl.clear();
  }

  /**
   * A slot without a row: left where it is, out of sight (its row left the window, so it sits beyond the overscan, or
   * below the last row, clipped by the sizer's paint containment), out of Tab order and the accessibility tree and
   * without its test hooks. Attributes only: no style or layout of its subtree changes.
   */
  private release(slot: Slot): void {
    this.order.releasing(slot.el);
    slot.index = -1;
    slot.el.setAttribute('aria-hidden', 'true');
    slot.link.tabIndex = -1;
    slot.item.removeAttribute('data-testid');
    slot.item.removeAttribute('data-symbol');
    slot.item.removeAttribute('id');
    this.markActive(slot, false);
    slot.row = null;
  }

  /** Writes the active state of `slot` (`aria-selected` on every option, `data-active` on the active one only). */
  private markActive(slot: Slot, on: boolean): void {
    if (slot.active === on) return;
    slot.active = on;
    slot.item.setAttribute('aria-selected', on ? 'true' : 'false');
    if (on) slot.item.setAttribute('data-active', 'true');
    else slot.item.removeAttribute('data-active');
  }

  /** A press on a star: the row's favourite toggles (the slot shows the new state at once); the link is not followed. */
  private readonly onClick = (e: MouseEvent): void => {
    const star = e.target instanceof Element ? e.target.closest('.favourite-toggle') : null;
    if (!star) return;
    e.preventDefault();
    e.stopPropagation();
    const slot = this.byEl.get(star.closest('.market-row-slot')!);
    if (slot && slot.index >= 0 && slot.row) this.o.onStar(slot.index);
  };

  /** Where the pointer last was on the page (client px): tells a moved pointer from content moved under it (or a
   * list opened under it). */
  private pointerX = NaN;
  private pointerY = NaN;

  /** Keeps the pointer's last position (a move within one row fires no pointerover; a move before the list opened
   * fires none at all). */
  private readonly onPointerMove = (e: PointerEvent): void => {
    this.pointerX = e.clientX;
    this.pointerY = e.clientY;
  };

  /**
   * The pointer moved onto a row: it becomes the active row (hover and keyboard share one, SPEC §9 keyboard). The
   * browser also sends pointerover when the content under a still pointer changes (a live price's text, a flash, a
   * re-ranked window, the list opening under it): that is no hover, and must not take the active row from the
   * keyboard.
   */
  private readonly onPointerOver = (e: PointerEvent): void => {
    const still = e.clientX === this.pointerX && e.clientY === this.pointerY;
    this.pointerX = e.clientX;
    this.pointerY = e.clientY;
    if (still) return;
    const target = e.target instanceof Element ? e.target.closest('.market-row-slot') : null;
    const slot = target ? this.byEl.get(target) : undefined;
    if (slot && slot.index >= 0 && slot.index !== this.active) this.o.onHover(slot.index);
  };

  /** A released slot takes a row again (`write` restores its test hook). */
  private reuse(slot: Slot): void {
    slot.el.removeAttribute('aria-hidden');
    slot.link.removeAttribute('tabindex');
  }

  /** A window larger than the pool (a geometry the pool was not sized for): a larger pool, every slot rewritten. */
  private regrow(size: number): void {
    for (const slot of this.slots) if (slot) this.release(slot);
    const old = this.slots.filter((s): s is Slot => s !== undefined);
    this.pool = size;
    this.slots = [];
    old.forEach((slot, k) => (this.slots[k] = slot));
  }

  /** Creates slot `k` at the end of the container (row order at the top of the list). */
  private create(k: number): Slot {
    const slotEl = el('div', 'market-row-slot');
    slotEl.setAttribute('role', 'none');
    const item = el('div', 'market-row-item', slotEl);
    item.setAttribute('role', 'row');
    item.setAttribute('aria-selected', 'false');
    item.setAttribute('data-kind', this.kind);
    const starCell = el('span', 'market-row-star', item);
    starCell.setAttribute('role', 'gridcell');
    const star = el('button', 'favourite-toggle', starCell);
    star.type = 'button';
    star.tabIndex = -1;
    star.setAttribute('data-testid', 'favourite-toggle');
    star.setAttribute('aria-pressed', 'false');
    star.innerHTML = STAR_SVG; // a constant of this file, no data
    const cell = el('span', 'market-row-cell', item);
    cell.setAttribute('role', 'gridcell');
    const link = el('a', 'market-row', cell);
    const img = el('img', 'coin-icon');
    img.alt = '';
    img.width = 24;
    img.height = 24;
    img.decoding = 'async';
    const letter = textCell('span', 'coin-icon coin-icon-letter', link);
    letter.setAttribute('aria-hidden', 'true');
    const name = el('span', 'market-row-name', link);
    // A pair reads BASE/QUOTE left to right in every locale (in Arabic it would show as USDT/ BTC).
    const pair = el('span', 'market-row-pair', name);
    pair.dir = 'ltr';
    const base = textCell('span', 'market-row-base', pair);
    base.dir = 'auto';
    const quote = textCell('span', 'market-row-quote', pair);
    const badges = el('span', 'market-row-badges', pair);
    const sub = textCell('span', 'market-row-sub', name);
    sub.dir = 'auto';
    const price = textCell('span', 'market-row-last num', link);
    const change = textCell('span', 'market-row-change num trend-flat', link);
    const volume = textCell('span', 'market-row-volume num', link);
    const slot: Slot = {
      el: slotEl,
      item,
      link,
      star,
      skeleton: null,
      img,
      letter,
      base,
      quote,
      badges,
      sub,
      price,
      change,
      volume,
      index: -1,
      row: null,
      badgeKey: '0|0|0|0|0',
      letterColour: '',
      trend: 0,
      top: -1,
      active: false,
    };
    img.addEventListener('error', () => {
      failedIcons.add(img.src);
      if (slot.row) this.writeIcon(slot, slot.row);
    });
    this.slots[k] = slot;
    this.byEl.set(slotEl, slot);
    this.container.appendChild(slotEl);
    return slot;
  }

  private write(slot: Slot, index: number, row: ListRow | undefined): void {
    const top = index * this.rowPx;
    if (slot.top !== top) {
      slot.el.style.transform = `translateY(${top}px)`;
      slot.top = top;
    }
    const id = rowId(this.o.idPrefix, index);
    if (slot.item.id !== id) slot.item.id = id;
    this.markActive(slot, index === this.active);
    if (!row) return this.showSkeleton(slot);
    if (slot.skeleton && !slot.skeleton.hidden) {
      slot.skeleton.hidden = true;
      slot.item.hidden = false;
    }
    if (!slot.item.hasAttribute('data-testid')) slot.item.setAttribute('data-testid', 'market-row');
    const prev = slot.row;
    if (prev === row) return;
    slot.row = row;
    if (prev?.symbol !== row.symbol) slot.item.setAttribute('data-symbol', row.symbol);
    if (prev?.href !== row.href || prev?.delisted !== row.delisted) this.writeLink(slot, row, prev);
    if (prev?.favourite !== row.favourite || prev?.label !== row.label) this.writeStar(slot, row);
    // BASE/QUOTE: the text before the first '/' and the segment after it.
    const label = row.label;
    const cut = label.indexOf('/');
    const next = cut < 0 ? -1 : label.indexOf('/', cut + 1);
    const quote = cut < 0 ? '' : label.slice(cut + 1, next < 0 ? undefined : next);
    setText(slot.base, cut < 0 ? label : label.slice(0, cut));
    setText(slot.quote, quote ? `/${quote}` : '');
    if (slot.quote.hidden !== !quote) slot.quote.hidden = !quote;
    this.writeBadges(slot, row);
    setText(slot.sub, row.delisted ? this.labels.delisted : row.sub);
    setText(slot.price, row.price);
    flashPrice(slot.price, prev, row);
    setText(slot.change, row.change);
    if (slot.trend !== row.trend) {
      slot.trend = row.trend;
      slot.change.className = `market-row-change num ${trendClass(row.trend)}`;
    }
    setText(slot.volume, row.volume);
    if (prev?.icon !== row.icon || prev?.label !== row.label || prev?.symbol !== row.symbol)
      this.writeIcon(slot, row);
  }

  /** The link of a listed row; a delisted starred pair (favourites tab) has none: its row says 'Delisted'. */
  private writeLink(slot: Slot, row: ListRow, prev: ListRow | null): void {
    if (row.delisted) {
      slot.link.removeAttribute('href');
      slot.item.setAttribute('data-state', 'delisted');
      slot.link.setAttribute('aria-disabled', 'true');
    } else {
      slot.link.setAttribute('href', row.href);
      // The delisted marks are there only after a delisted row (or on a slot whose last row is unknown).
      if (!prev || prev.delisted) {
        slot.item.removeAttribute('data-state');
        slot.link.removeAttribute('aria-disabled');
      }
    }
  }

  /** The star's pressed state and its label naming the pair (SPEC §4 favourites). */
  private writeStar(slot: Slot, row: ListRow): void {
    const on = row.favourite === true;
    slot.star.setAttribute('aria-pressed', on ? 'true' : 'false');
    const label = (on ? this.labels.favouriteRemove : this.labels.favouriteAdd).replace(
      '{{pair}}',
      row.label,
    );
    if (slot.star.getAttribute('aria-label') !== label) slot.star.setAttribute('aria-label', label);
  }

  /** The coin icon in place: `<img>` with a new src, or the letter avatar when there is no usable URL. */
  private writeIcon(slot: Slot, row: ListRow): void {
    const src = coinIconSrc(row.icon);
    const useImg = src !== null && !failedIcons.has(src);
    const want = useImg ? slot.img : slot.letter;
    const other = useImg ? slot.letter : slot.img;
    if (useImg) {
      if (slot.img.getAttribute('src') !== src) slot.img.src = src;
    } else {
      const cut = row.label.indexOf('/');
      const base = cut < 0 ? row.label : row.label.slice(0, cut);
      setText(slot.letter, letterOf(base));
      // The colour only when it changes, through the longhand: the `background` shorthand re-parsed and reset every
      // background longhand on each write, the largest script cost of a scroll step (docs/benchmarks/history.md
      // 'Scrolling, sixth pass').
      const colour = letterColour(base);
      if (slot.letterColour !== colour) {
        slot.letterColour = colour;
        slot.letter.style.backgroundColor = colour;
      }
    }
    if (want.parentNode !== slot.link) slot.link.replaceChild(want, other);
  }

  private writeBadges(slot: Slot, row: ListRow): void {
    const isNew = row.isNew && this.kind !== 'spot';
    // The badges follow from these fields alone (the labels are fixed for the slots' life): compared before building.
    const key = `${row.leverage}|${+row.isST}|${+row.upcoming}|${+isNew}|${+row.hot}`;
    if (key === slot.badgeKey) return;
    slot.badgeKey = key;
    const l = this.labels;
    const list: Array<[string, string, string?]> = [];
    if (row.leverage > 0) list.push(['badge badge-lev', `${row.leverage}x`]);
    if (row.isST) list.push(['badge badge-st', 'ST', l.st]);
    if (row.upcoming) list.push(['badge badge-new', l.upcoming]);
    else if (isNew) list.push(['badge badge-new', l.isNew]);
    if (row.hot) list.push(['badge badge-hot', l.hot]);
    slot.badges.replaceChildren(
      ...list.map(([className, text, title]) => {
        const badge = el('span', className);
        badge.textContent = text;
        if (title) badge.title = title;
        return badge;
      }),
    );
  }

  /** A slot whose row is still on its way: skeleton look, no test hook, no link. */
  private showSkeleton(slot: Slot): void {
    if (!slot.skeleton) {
      const skeleton = el('div', 'market-row market-row-skeleton', slot.el);
      skeleton.setAttribute('aria-hidden', 'true');
      for (const c of ['skeleton skeleton-icon', 'skeleton skeleton-text', 'skeleton skeleton-num'])
        el('span', c, skeleton);
      el('span', 'skeleton skeleton-num', skeleton);
      el('span', 'skeleton skeleton-num', skeleton);
      slot.skeleton = skeleton;
    }
    slot.skeleton.hidden = false;
    slot.item.hidden = true;
    slot.item.removeAttribute('data-testid');
    slot.row = null;
  }
}
