/**
 * The DOM side of a market list (SPEC §3 rows, §9 58 px rows): a pool of recycled row slots, written in place.
 * A slot stays bound to the same row index while that index stays in the window, so a keystroke rewrites only the
 * text that changed, a scroll step moves one slot, and the coin `<img>` keeps its node (its `src` changes). No
 * framework: the list controller (market-list.ts) calls `render` in the task that received the rows.
 *
 * Markup per slot (same classes and hooks as before: `market-row`, `data-symbol`, role `listitem`, a real link):
 * `div.market-row-slot > a.market-row[data-testid=market-row] | div.market-row-skeleton`. Server text is set with
 * `textContent` (never HTML); icon URLs pass the URL policy (`coinIconSrc`).
 */
import type { ListRow, MarketKind } from '../../workers/market/contract.ts';
import { coinIconSrc, letterColour, letterOf } from '../ui/icon-url.ts';
import type { RowRenderer } from './market-list.ts';
import type { RowRange } from './list-range.ts';
import { trendClass } from './trend.ts';

/** Badge texts, already translated (markets namespace). */
export interface RowLabels {
  st: string;
  upcoming: string;
  isNew: string;
  hot: string;
}

interface Slot {
  el: HTMLDivElement;
  link: HTMLAnchorElement;
  skeleton: HTMLDivElement | null;
  img: HTMLImageElement;
  letter: HTMLSpanElement;
  base: HTMLSpanElement;
  quote: HTMLSpanElement;
  badges: HTMLSpanElement;
  sub: HTMLSpanElement;
  price: HTMLSpanElement;
  change: HTMLSpanElement;
  volume: HTMLSpanElement;
  /** Row index the slot holds, -1 when free. */
  index: number;
  /** Last row written (fields compared before writing). */
  row: ListRow | null;
  badgeKey: string;
  top: number;
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

function setText(node: HTMLElement, text: string): void {
  if (node.textContent !== text) node.textContent = text;
}

/** Icon URLs that failed to load in this page: shown as the letter avatar from then on. */
const failedIcons = new Set<string>();

/**
 * Row slots inside `container` (an empty, position: relative element owned by this object). `rowPx` is the fixed row
 * height. Implements RowRenderer; `destroy` removes every slot.
 */
export class RowSlots implements RowRenderer {
  private readonly slots: Slot[] = [];
  private readonly byIndex = new Map<number, Slot>();

  constructor(
    private readonly container: HTMLElement,
    private readonly kind: MarketKind,
    private readonly labels: RowLabels,
    private readonly rowPx: number,
  ) {}

  /**
   * Sizes the container to `total` rows and writes rows `[range.first, range.last)`, releasing slots outside `keep`
   * (see RowRenderer); keeps DOM order = row order for keyboard focus.
   */
  render(
    range: RowRange,
    rowAt: (index: number) => ListRow | undefined,
    total: number,
    keep: RowRange,
  ): void {
    // The sizer gives the scroller its height (total × row height); written here, so typing renders nothing in React.
    const height = `${total * this.rowPx}px`;
    if (this.container.style.height !== height) this.container.style.height = height;
    for (const slot of this.byIndex.values()) {
      const inside = slot.index >= range.first && slot.index < range.last;
      if (inside || (slot.index >= keep.first && slot.index < keep.last && slot.index < total)) continue;
      this.byIndex.delete(slot.index);
      slot.index = -1;
      slot.el.remove();
    }
    for (let i = range.first; i < range.last; i++) {
      let slot = this.byIndex.get(i);
      if (!slot) {
        slot = this.slots.find((s) => s.index === -1) ?? this.create();
        slot.index = i;
        this.byIndex.set(i, slot);
      }
      this.write(slot, i, rowAt(i));
    }
    this.order();
  }

  /** Removes every slot from the container. */
  destroy(): void {
    for (const slot of this.slots) slot.el.remove();
    this.slots.length = 0;
    this.byIndex.clear();
  }

  /** Puts attached slots in row order with the fewest moves (a scroll step moves one node). */
  private order(): void {
    const wanted = [...this.byIndex.values()].sort((a, b) => a.index - b.index);
    let cursor = this.container.firstElementChild;
    for (const slot of wanted) {
      if (cursor === slot.el) cursor = cursor.nextElementSibling;
      else this.container.insertBefore(slot.el, cursor);
    }
  }

  private create(): Slot {
    const slotEl = el('div', 'market-row-slot');
    const link = el('a', 'market-row', slotEl);
    link.setAttribute('role', 'listitem');
    const img = el('img', 'coin-icon');
    img.alt = '';
    img.width = 24;
    img.height = 24;
    img.decoding = 'async';
    const letter = el('span', 'coin-icon coin-icon-letter');
    letter.setAttribute('aria-hidden', 'true');
    link.appendChild(letter);
    const name = el('span', 'market-row-name', link);
    // A pair reads BASE/QUOTE left to right in every locale (in Arabic it would show as USDT/ BTC).
    const pair = el('span', 'market-row-pair', name);
    pair.dir = 'ltr';
    const base = el('span', 'market-row-base', pair);
    base.dir = 'auto';
    const quote = el('span', 'market-row-quote', pair);
    const badges = el('span', 'market-row-badges', pair);
    const sub = el('span', 'market-row-sub', name);
    sub.dir = 'auto';
    const price = el('span', 'market-row-last num', link);
    const change = el('span', 'market-row-change num trend-flat', link);
    const volume = el('span', 'market-row-volume num', link);
    const slot: Slot = {
      el: slotEl,
      link,
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
      badgeKey: '',
      top: -1,
    };
    img.addEventListener('error', () => {
      failedIcons.add(img.src);
      if (slot.row) this.writeIcon(slot, slot.row);
    });
    this.slots.push(slot);
    return slot;
  }

  private write(slot: Slot, index: number, row: ListRow | undefined): void {
    const top = index * this.rowPx;
    if (slot.top !== top) {
      slot.el.style.transform = `translateY(${top}px)`;
      slot.top = top;
    }
    if (!row) return this.showSkeleton(slot);
    if (slot.skeleton && !slot.skeleton.hidden) {
      slot.skeleton.hidden = true;
      slot.link.hidden = false;
    }
    if (!slot.link.hasAttribute('data-testid')) slot.link.setAttribute('data-testid', 'market-row');
    const prev = slot.row;
    if (prev === row) return;
    slot.row = row;
    if (prev?.symbol !== row.symbol) slot.link.setAttribute('data-symbol', row.symbol);
    if (prev?.href !== row.href) slot.link.setAttribute('href', row.href);
    const [base = row.label, quote = ''] = row.label.includes('/') ? row.label.split('/') : [row.label, ''];
    setText(slot.base, base);
    setText(slot.quote, quote ? `/${quote}` : '');
    slot.quote.hidden = !quote;
    this.writeBadges(slot, row);
    setText(slot.sub, row.sub);
    setText(slot.price, row.price);
    setText(slot.change, row.change);
    const trend = `market-row-change num ${trendClass(row.trend)}`;
    if (slot.change.className !== trend) slot.change.className = trend;
    setText(slot.volume, row.volume);
    if (prev?.icon !== row.icon || prev?.label !== row.label || prev?.symbol !== row.symbol)
      this.writeIcon(slot, row);
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
      const base = row.label.split('/')[0] ?? row.label;
      setText(slot.letter, letterOf(base));
      slot.letter.style.background = letterColour(base);
    }
    if (want.parentNode !== slot.link) slot.link.replaceChild(want, other);
  }

  private writeBadges(slot: Slot, row: ListRow): void {
    const l = this.labels;
    const list: Array<[string, string, string?]> = [];
    if (row.leverage > 0) list.push(['badge badge-lev', `${row.leverage}x`]);
    if (row.isST) list.push(['badge badge-st', 'ST', l.st]);
    if (row.upcoming) list.push(['badge badge-new', l.upcoming]);
    else if (row.isNew && this.kind !== 'spot') list.push(['badge badge-new', l.isNew]);
    if (row.hot) list.push(['badge badge-hot', l.hot]);
    const key = list.map((b) => b.join('|')).join('/');
    if (key === slot.badgeKey) return;
    slot.badgeKey = key;
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
    slot.link.hidden = true;
    slot.link.removeAttribute('data-testid');
    slot.row = null;
  }
}
