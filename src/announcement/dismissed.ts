/**
 * The dismissed-announcement list (SPEC §4: 'Announcement shown if a notice exists for the page and its content_id
 * is not in the locally stored dismissed list; closing appends the id'). Stored in localStorage under
 * DISMISSED_KEY as a JSON array of content ids, newest last, at most DISMISSED_MAX entries. The rules are pure; the
 * two storage functions take the Storage and swallow its errors (private mode, quota, blocked storage).
 */

/** localStorage key of the list. */
export const DISMISSED_KEY = 'announcement_dismissed';
/** Ids kept; the oldest drop off first (an operator's notices are few, and old ones never come back). */
export const DISMISSED_MAX = 50;

/** The list stored as `raw` (null or malformed → empty; non-string entries dropped). */
export function parseDismissed(raw: string | null): string[] {
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

/** True when the announcement `contentId` was dismissed (SPEC §4). */
export function isDismissed(list: readonly string[], contentId: string): boolean {
  return list.includes(contentId);
}

/** The list after dismissing `contentId`: appended once, the oldest dropped beyond DISMISSED_MAX. */
export function appendDismissed(list: readonly string[], contentId: string): string[] {
  const next = [...list.filter((id) => id !== contentId), contentId];
  return next.slice(-DISMISSED_MAX);
}

/** Reads the stored list; empty when storage is unavailable. */
export function readDismissed(storage: Pick<Storage, 'getItem'> | undefined): string[] {
  try {
    return parseDismissed(storage?.getItem(DISMISSED_KEY) ?? null);
  } catch {
    return [];
  }
}

/** Appends `contentId` to the stored list; returns false when storage refused (the bar still closes). */
export function storeDismissed(
  storage: Pick<Storage, 'getItem' | 'setItem'> | undefined,
  contentId: string,
): boolean {
  try {
    if (!storage) return false;
    storage.setItem(DISMISSED_KEY, JSON.stringify(appendDismissed(readDismissed(storage), contentId)));
    return true;
  } catch {
    return false;
  }
}
