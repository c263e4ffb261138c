/**
 * DOM order of a list's row slots (SPEC §9 keyboard: Tab follows the visual order, and a screen reader's browse mode
 * reads the DOM). Row `i` lives in slot `i mod n` (row-slots.ts), and the slots stand in the DOM in the pool's cyclic
 * order from a head slot: `head, head + 1, …, n - 1, 0, …, head - 1`. The rows shown span fewer than `n` rows, so a
 * head exists that puts them in row order; when the window moves by `k` rows the head moves by `k`, and only the
 * slots between the old head and the new one move: the `k` slots that wrapped round to take the new rows, appended at
 * the end when the list scrolls down, inserted at the start when it scrolls up. No pass afterwards: DOM order is row
 * order after every write. This file picks the head (pure); row-slots.ts moves the slots.
 */

/**
 * A new head: `to`, reached by moving the slots from the old head up to (not including) `to` to the end, in cyclic
 * order (`forward`), or the slots from `to` up to the old head to the start (not `forward`). `to` equal to the old
 * head moves nothing.
 */
export interface HeadMove {
  to: number;
  forward: boolean;
}

/**
 * The head that puts the shown slots in row order at the least cost of moves. `rows[k]`: the row index slot `k`
 * shows (≡ k mod `rows.length`), or -1 when it shows none or does not exist; `head`: the slot first in the DOM now
 * (0 ≤ head < `rows.length`); `cost[k]`: what moving slot `k` costs (0 for a slot not created, more for one that
 * kept its row than all other moves together). The old head when it already puts them in order (nothing moves);
 * else the nearer head forward or backward by cost (forward on a tie). Returns null when no head does: the shown rows
 * span `rows.length` rows or more.
 */
export function nextHead(rows: readonly number[], head: number, cost: readonly number[]): HeadMove | null {
  const n = rows.length;
  let lo = Infinity;
  let hi = -1;
  for (const row of rows) {
    if (row < 0) continue;
    if (row < lo) lo = row;
    if (row > hi) hi = row;
  }
  const stay: HeadMove = { to: head, forward: true };
  if (hi < 0) return stay;
  // The heads that work: the slots from the one after the last row's through the first row's, cyclically.
  const gap = n - (hi - lo);
  if (gap < 1) return null;
  const start = (hi + 1) % n;
  const works = (h: number) => (h - start + n) % n < gap;
  if (works(head)) return stay;
  let forward = head;
  let forwardCost = 0;
  while (!works(forward)) {
    forwardCost += cost[forward]!;
    forward = (forward + 1) % n;
  }
  let backward = head;
  let backwardCost = 0;
  do {
    backward = (backward - 1 + n) % n;
    backwardCost += cost[backward]!;
  } while (!works(backward));
  return forwardCost <= backwardCost ? { to: forward, forward: true } : { to: backward, forward: false };
}
