/**
 * The announcement for the current page (SPEC §2 'Announcement banner on page /', §4, §8): fetched once per page key
 * and locale; null while loading, when the page has none, when the call fails (SPEC §8: no bar), or when its
 * content_id is in the stored dismissed list. `dismiss` stores the id and hides the bar.
 */
import { useCallback, useEffect, useState } from 'react';
import type { Locale } from '../../common/domain/locales.ts';
import type { Announcement } from '../../common/wire/messages.ts';
import { fetchAnnouncement } from '../api/messages.ts';
import { isDismissed, readDismissed, storeDismissed } from './dismissed.ts';

const storage = (): Storage | undefined => {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
};

/** `[announcement | null, dismiss]` for `pageKey` (null: the page shows none, nothing is fetched). */
export function useAnnouncement(pageKey: string | null, locale: Locale): [Announcement | null, () => void] {
  const [loaded, setLoaded] = useState<{ key: string; value: Announcement | null } | null>(null);
  const [dismissedId, setDismissedId] = useState<string | null>(null);
  const key = pageKey ? `${pageKey}:${locale}` : null;

  useEffect(() => {
    if (!pageKey || !key) return;
    let live = true;
    void fetchAnnouncement(pageKey, locale).then((value) => {
      if (live) setLoaded({ key, value });
    });
    return () => {
      live = false;
    };
  }, [pageKey, locale, key]);

  const current = loaded && loaded.key === key ? loaded.value : null;
  const shown =
    current &&
    current.content_id !== dismissedId &&
    !isDismissed(readDismissed(storage()), current.content_id)
      ? current
      : null;
  const dismiss = useCallback(() => {
    if (!shown) return;
    storeDismissed(storage(), shown.content_id);
    setDismissedId(shown.content_id);
  }, [shown]);
  return [shown, dismiss];
}
