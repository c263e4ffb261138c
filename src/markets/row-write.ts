/**
 * Writes a market row into its slot (SPEC §3 rows, §4 favourites; the DOM adapter's, row-slots.ts): only what differs
 * from the row last written (text in place, attributes compared first), so a keystroke or a live tick costs the text
 * that changed. Server text is set as text (never HTML); icon URLs pass the URL policy (`coinIconSrc`).
 */
import type { ListRow, MarketKind } from '../../workers/market/contract.ts';
import { coinIconSrc, letterColour, letterOf } from '../ui/icon-url.ts';
import { flashPrice } from './live-cells.ts';
import { el, setText, showSkeleton, type Slot } from './row-markup.ts';
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

/** What every write of a list's slots shares: its kind, its labels, its row height and ids. */
export interface WriteContext {
  kind: MarketKind;
  labels: RowLabels;
  rowPx: number;
  /** The DOM id of row `index`. */
  id(index: number): string;
}

/** Icon URLs that failed to load in this page: shown as the letter avatar from then on. */
const failedIcons = new Set<string>();

/** Writes the active state of `slot` (`aria-selected` on every row, `data-active` on the active one only). */
export function markActive(slot: Slot, on: boolean): void {
  if (slot.active === on) return;
  slot.active = on;
  slot.el.setAttribute('aria-selected', on ? 'true' : 'false');
  if (on) slot.el.setAttribute('data-active', 'true');
  else slot.el.removeAttribute('data-active');
}

/**
 * A slot without a row: left where it is, out of sight, out of Tab order and the accessibility tree and without its
 * test hooks. Attributes only: no style or layout of its subtree changes.
 */
export function releaseSlot(slot: Slot): void {
  slot.index = -1;
  slot.el.setAttribute('aria-hidden', 'true');
  slot.link.tabIndex = -1;
  slot.el.removeAttribute('data-testid');
  slot.el.removeAttribute('data-symbol');
  slot.el.removeAttribute('id');
  markActive(slot, false);
  slot.row = null;
}

/** A released slot takes a row again (`writeRow` restores its test hook). */
export function reuseSlot(slot: Slot): void {
  slot.el.removeAttribute('aria-hidden');
  slot.link.removeAttribute('tabindex');
}

/** Writes row `index` (`row`, or undefined while it is on its way: a skeleton) into `slot`; `active`: it is the active
 * row. */
export function writeRow(
  c: WriteContext,
  slot: Slot,
  index: number,
  row: ListRow | undefined,
  active: boolean,
): void {
  const top = index * c.rowPx;
  if (slot.top !== top) {
    slot.el.style.transform = `translateY(${top}px)`;
    slot.top = top;
  }
  const id = c.id(index);
  if (slot.el.id !== id) slot.el.id = id;
  markActive(slot, active);
  if (!row) return showSkeleton(slot, true);
  showSkeleton(slot, false);
  if (!slot.el.hasAttribute('data-testid')) slot.el.setAttribute('data-testid', 'market-row');
  const prev = slot.row;
  if (prev === row) return;
  slot.row = row;
  if (prev?.symbol !== row.symbol) slot.el.setAttribute('data-symbol', row.symbol);
  if (prev?.href !== row.href || prev?.delisted !== row.delisted) writeLink(slot, row, prev);
  if (prev?.favourite !== row.favourite || prev?.label !== row.label) writeStar(c, slot, row);
  // BASE/QUOTE: the text before the first '/' and the segment after it.
  const label = row.label;
  const cut = label.indexOf('/');
  const next = cut < 0 ? -1 : label.indexOf('/', cut + 1);
  const quote = cut < 0 ? '' : label.slice(cut + 1, next < 0 ? undefined : next);
  setText(slot.base, cut < 0 ? label : label.slice(0, cut));
  setText(slot.quote, quote ? `/${quote}` : '');
  if (slot.quote.hidden !== !quote) slot.quote.hidden = !quote;
  writeBadges(c, slot, row);
  setText(slot.sub, row.delisted ? c.labels.delisted : row.sub);
  setText(slot.price, row.price);
  flashPrice(slot.price, prev, row);
  setText(slot.change, row.change);
  if (slot.trend !== row.trend) {
    slot.trend = row.trend;
    slot.change.className = `market-row-change num ${trendClass(row.trend)}`;
  }
  setText(slot.volume, row.volume);
  if (prev?.icon !== row.icon || prev?.label !== row.label || prev?.symbol !== row.symbol)
    writeIcon(slot, row);
}

/** The link of a listed row; a delisted starred pair (favourites tab) has none: its row says 'Delisted'. */
function writeLink(slot: Slot, row: ListRow, prev: ListRow | null): void {
  if (row.delisted) {
    slot.link.removeAttribute('href');
    slot.el.setAttribute('data-state', 'delisted');
    slot.link.setAttribute('aria-disabled', 'true');
  } else {
    slot.link.setAttribute('href', row.href);
    // The delisted marks are there only after a delisted row (or on a slot whose last row is unknown).
    if (!prev || prev.delisted) {
      slot.el.removeAttribute('data-state');
      slot.link.removeAttribute('aria-disabled');
    }
  }
}

/** The star's pressed state and its label naming the pair (SPEC §4 favourites). */
function writeStar(c: WriteContext, slot: Slot, row: ListRow): void {
  const on = row.favourite === true;
  slot.star.setAttribute('aria-pressed', on ? 'true' : 'false');
  const label = (on ? c.labels.favouriteRemove : c.labels.favouriteAdd).replace('{{pair}}', row.label);
  if (slot.star.getAttribute('aria-label') !== label) slot.star.setAttribute('aria-label', label);
}

/** The coin icon in place: `<img>` with a new src, or the letter avatar when there is no usable URL. */
export function writeIcon(slot: Slot, row: ListRow): void {
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
    // background longhand on each write (docs/benchmarks/history.md 'Scrolling, sixth pass').
    const colour = letterColour(base);
    if (slot.letterColour !== colour) {
      slot.letterColour = colour;
      slot.letter.style.backgroundColor = colour;
    }
  }
  if (want.parentNode !== slot.link) slot.link.replaceChild(want, other);
}

/** An icon of `slot` failed to load: its URL is not tried again in this page, and the slot shows the letter. */
export function iconFailed(slot: Slot): void {
  failedIcons.add(slot.img.src);
  if (slot.row) writeIcon(slot, slot.row);
}

/** The badges after the pair's quote (leverage, ST, upcoming or new, hot), written only when they change. */
function writeBadges(c: WriteContext, slot: Slot, row: ListRow): void {
  const isNew = row.isNew && c.kind !== 'spot';
  // The badges follow from these fields alone (the labels are fixed for the slots' life): compared before building.
  const key = `${row.leverage}|${+row.isST}|${+row.upcoming}|${+isNew}|${+row.hot}`;
  if (key === slot.badgeKey) return;
  slot.badgeKey = key;
  const l = c.labels;
  const list: Array<[string, string, string?]> = [];
  if (row.leverage > 0) list.push(['badge badge-lev', `${row.leverage}x`]);
  if (row.isST) list.push(['badge badge-st', 'ST', l.st]);
  if (row.upcoming) list.push(['badge badge-new', l.upcoming]);
  else if (isNew) list.push(['badge badge-new', l.isNew]);
  if (row.hot) list.push(['badge badge-hot', l.hot]);
  // The slot's badge elements are reused in place (a scroll step moves rows of other badges into every slot): only
  // a class, text or title that differs is written; missing ones are added, extra ones removed.
  const doc = slot.el.ownerDocument;
  list.forEach(([className, text, title = ''], k) => {
    const badge = slot.badges[k] ?? (slot.badges[k] = el(doc, 'span', '', slot.pair));
    if (badge.className !== className) badge.className = className;
    if (badge.textContent !== text) badge.textContent = text;
    if (title) {
      if (badge.title !== title) badge.title = title;
    } else if (badge.hasAttribute('title')) badge.removeAttribute('title');
  });
  for (const extra of slot.badges.splice(list.length)) extra.remove();
}
