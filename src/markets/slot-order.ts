/**
 * Which row slots may stay where they are when the slots are put back in row order (SPEC §9 keyboard: Tab follows
 * the visual order). Pure: row indices in DOM order → the positions to keep; every other slot is moved.
 *
 * The kept positions are a longest increasing run of row indices (a longest increasing subsequence), so a scrolled
 * list, whose DOM order is a rotation of row order, moves only its shorter part. A `pinned` position, the focused
 * row, is always kept: moving a focused element (or its ancestor) makes the browser scroll it back into view, which
 * would undo a wheel step the trader just made.
 */

/**
 * Positions of `indices` (distinct row indices in DOM order) that form a longest increasing subsequence, in
 * ascending position order; when `pinned` is a valid position, the longest one that contains it. O(n²), n ≤ ~40.
 */
export function keptPositions(indices: readonly number[], pinned = -1): number[] {
  const n = indices.length;
  if (n === 0) return [];
  // ending[i]: longest increasing run ending at i; before[i]: its previous position (-1 at the start).
  const ending = new Array<number>(n).fill(1);
  const before = new Array<number>(n).fill(-1);
  for (let i = 0; i < n; i++)
    for (let j = 0; j < i; j++)
      if (indices[j]! < indices[i]! && ending[j]! + 1 > ending[i]!) {
        ending[i] = ending[j]! + 1;
        before[i] = j;
      }
  const chainTo = (end: number): number[] => {
    const out: number[] = [];
    for (let k = end; k >= 0; k = before[k]!) out.push(k);
    return out.reverse();
  };
  if (pinned < 0 || pinned >= n) {
    let best = 0;
    for (let i = 1; i < n; i++) if (ending[i]! > ending[best]!) best = i;
    return chainTo(best);
  }
  // starting[i]: longest increasing run starting at i; after[i]: its next position (-1 at the end).
  const starting = new Array<number>(n).fill(1);
  const after = new Array<number>(n).fill(-1);
  for (let i = n - 1; i >= 0; i--)
    for (let j = i + 1; j < n; j++)
      if (indices[j]! > indices[i]! && starting[j]! + 1 > starting[i]!) {
        starting[i] = starting[j]! + 1;
        after[i] = j;
      }
  const out = chainTo(pinned);
  for (let k = after[pinned]!; k >= 0; k = after[k]!) out.push(k);
  return out;
}
