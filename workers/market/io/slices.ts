/**
 * Splitting a cache entry into small parts and joining it back (the main-thread store, io/idle-idb-store.ts). Storing
 * a list in one IndexedDB `put` structured-clones it in one go on the calling thread (~600 ms for 100,000 pilot rows,
 * ARCHITECTURE.md 'IndexedDB only where the engine runs'); stored as parts of SLICE_ROWS elements, each `put` clones a few hundred
 * values, so writes can be spread over idle periods. Pure: no I/O.
 *
 * Form: the entry with every array longer than SLICE_ROWS (at any depth up to MAX_DEPTH, e.g. `data.list`, the pilot
 * columns, `data.BTC`) replaced by `{[PARTS_MARK]: [key, …]}`; each key holds one consecutive slice of that array.
 */

/** Elements per stored part. */
export const SLICE_ROWS = 500;
/** Marker property of an array that was split into parts. */
export const PARTS_MARK = '$parts';
/** How deep arrays are looked for (entry → data → list/columns → …). */
const MAX_DEPTH = 4;

/** A part to store: key and the slice of `array` it holds (sliced when written, not before). */
export interface PartRef {
  key: string;
  array: readonly unknown[];
  start: number;
  end: number;
}

/** The entry's skeleton (stored under the entry's own key) and the parts to store under their keys. */
export interface SplitEntry {
  skeleton: unknown;
  parts: PartRef[];
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && Object.getPrototypeOf(v) === Object.prototype;

/** Splits `value`; part keys are `${prefix}:${n}`. Objects and arrays are copied, never changed in place. */
export function splitEntry(value: unknown, prefix: string): SplitEntry {
  const parts: PartRef[] = [];
  const walk = (v: unknown, depth: number): unknown => {
    if (Array.isArray(v)) {
      if (v.length <= SLICE_ROWS || depth > MAX_DEPTH) return v;
      const keys: string[] = [];
      for (let start = 0; start < v.length; start += SLICE_ROWS) {
        const key = `${prefix}:${parts.length}`;
        parts.push({ key, array: v, start, end: Math.min(v.length, start + SLICE_ROWS) });
        keys.push(key);
      }
      return { [PARTS_MARK]: keys };
    }
    if (!isPlainObject(v) || depth > MAX_DEPTH) return v;
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) out[k] = walk(x, depth + 1);
    return out;
  };
  return { skeleton: walk(value, 0), parts };
}

/** Every part key a skeleton refers to. */
export function partKeys(skeleton: unknown, depth = 0): string[] {
  if (depth > MAX_DEPTH + 1) return [];
  if (Array.isArray(skeleton)) return [];
  if (!isPlainObject(skeleton)) return [];
  const mark = skeleton[PARTS_MARK];
  if (Array.isArray(mark)) return mark.filter((k): k is string => typeof k === 'string');
  return Object.values(skeleton).flatMap((x) => partKeys(x, depth + 1));
}

/**
 * Rebuilds the entry from its skeleton and the parts read (`parts.get(key)`); undefined when any part is missing
 * or not an array (a write that did not finish, or storage that was cleared), so the caller treats it as a miss.
 */
export function joinEntry(skeleton: unknown, parts: ReadonlyMap<string, unknown>): unknown {
  let complete = true;
  const walk = (v: unknown, depth: number): unknown => {
    if (!isPlainObject(v) || depth > MAX_DEPTH + 1) return v;
    const mark = v[PARTS_MARK];
    if (Array.isArray(mark)) {
      const out: unknown[] = [];
      for (const key of mark) {
        const part = parts.get(key as string);
        if (!Array.isArray(part)) complete = false;
        else for (const x of part) out.push(x);
      }
      return out;
    }
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) out[k] = walk(x, depth + 1);
    return out;
  };
  const joined = walk(skeleton, 0);
  return complete ? joined : undefined;
}
