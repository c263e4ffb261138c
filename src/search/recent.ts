/**
 * Recent searches of the search modal (SPEC §2 'Search modal'): the last 5 terms the user followed a result for,
 * newest first, in localStorage under RECENT_SEARCHES_KEY. Logout removes them (src/account/logout.ts: a shared
 * device must not show the next user what was searched); the modal also offers 'Clear'.
 * Nothing else is stored. Storage is passed in; a missing or full storage only loses the list (never throws).
 */
import { webStorage } from '../lib/web-storage.ts';

/** localStorage key. */
export const RECENT_SEARCHES_KEY = 'mh_recent_searches';
/** How many terms are kept. */
export const RECENT_SEARCHES_MAX = 5;
/** Longest term kept, characters (longer input is cut). */
export const RECENT_TERM_MAX_CHARS = 40;

/** The Storage methods used. */
export type RecentStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** The stored terms, newest first; [] when absent, unreadable or not a list of strings. */
export function readRecent(storage: RecentStorage | null): string[] {
  try {
    const raw = storage?.getItem(RECENT_SEARCHES_KEY);
    const list: unknown = raw ? JSON.parse(raw) : [];
    if (!Array.isArray(list)) return [];
    return list
      .filter((t): t is string => typeof t === 'string' && t.trim() !== '')
      .slice(0, RECENT_SEARCHES_MAX);
  } catch {
    return [];
  }
}

/** Puts `term` (trimmed, cut) first, drops a case-insensitive duplicate, keeps 5; returns the new list. */
export function addRecent(storage: RecentStorage | null, term: string): string[] {
  const clean = term.trim().slice(0, RECENT_TERM_MAX_CHARS);
  const current = readRecent(storage);
  if (!clean) return current;
  const next = [clean, ...current.filter((t) => t.toLowerCase() !== clean.toLowerCase())].slice(
    0,
    RECENT_SEARCHES_MAX,
  );
  try {
    storage?.setItem(RECENT_SEARCHES_KEY, JSON.stringify(next));
  } catch {
    // Full or blocked storage: the list lives for this page only.
  }
  return next;
}

/** Removes every stored term. */
export function clearRecent(storage: RecentStorage | null): void {
  try {
    storage?.removeItem(RECENT_SEARCHES_KEY);
  } catch {
    // Blocked storage holds nothing to clear.
  }
}

/** window.localStorage, or null where it is blocked (privacy modes) or absent. */
export function browserStorage(): RecentStorage | null {
  return webStorage('localStorage');
}
