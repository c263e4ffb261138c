/**
 * The announcement for the current page (SPEC §2 'Announcement banner on page /', §4, §8): embedded by the server or
 * fetched, once per page key and locale, its HTML sanitised once on arrival (./sanitize.ts: the browser's sanitiser, else DOMPurify's chunk) in an idle slice,
 * outside any React render. `announcement` is null while loading, when the page has none, when the call or the
 * sanitiser fails (SPEC §8: no bar), or when its content_id is in the stored dismissed list. `pending` is true while
 * the page's announcement is still on its way (the bar keeps its space meanwhile). `dismiss` stores the id and hides
 * the bar.
 */
import { useCallback, useEffect, useState } from 'react';
import type { Locale } from '../../common/domain/locales.ts';
import type { Announcement } from '../../common/wire/messages.ts';
import { announcementSeed } from '../state/announcement-seed.ts';
import { idle, yieldToMain } from '../lib/yield.ts';
import { sanitizeAnnouncement } from './sanitize.ts';
import { isDismissed, readDismissed, storeDismissed } from './dismissed.ts';
import { webStorage } from '../lib/web-storage.ts';

const storage = (): Storage | undefined => webStorage('localStorage') ?? undefined;

/** An announcement with its sanitised HTML (safe for innerHTML). */
export type ShownAnnouncement = Announcement & { html: string };

/** What the bar gets: the announcement (or null), whether it is still on its way, and `dismiss`. */
export interface AnnouncementState {
  announcement: ShownAnnouncement | null;
  pending: boolean;
  dismiss: () => void;
}

/**
 * The announcement of `pageKey` in `locale`: the one the server embedded in the page when it did (no call, and no API
 * code loaded), else fetched (SPEC §7 fullsiteBulletin, through the API chunk). Never rejects: a failed call, or a
 * failed load of the API chunk, gives null (SPEC §8: no bar), logged.
 */
function announcementOf(pageKey: string, locale: Locale): Promise<Announcement | null> {
  const seeded = announcementSeed(pageKey, locale);
  if (seeded !== undefined) return Promise.resolve(seeded);
  return import('../api/messages.ts').then(
    (m) => m.fetchAnnouncement(pageKey, locale),
    (err: unknown) => {
      console.warn('[announcement] API code failed to load; no bar', err);
      return null;
    },
  );
}

/**
 * The announcement of `pageKey` (embedded or fetched, see announcementOf) with its content sanitised for
 * `langPrefix`: null when there is none, or the sanitiser fails (logged). Never rejects.
 */
export async function loadAnnouncement(
  pageKey: string,
  locale: Locale,
  langPrefix: string,
): Promise<ShownAnnouncement | null> {
  const value = await announcementOf(pageKey, locale);
  if (!value) return null;
  try {
    await idle(1000);
    const html = await sanitizeAnnouncement(value.content, langPrefix);
    return html ? { ...value, html } : null;
  } catch (err) {
    console.warn('[announcement] sanitiser failed; no bar', err);
    return null;
  }
}

/** The announcement state for `pageKey` (null: the page shows none, nothing is fetched). */
export function useAnnouncement(
  pageKey: string | null,
  locale: Locale,
  langPrefix: string,
): AnnouncementState {
  const [loaded, setLoaded] = useState<{ key: string; value: ShownAnnouncement | null } | null>(null);
  const [dismissedId, setDismissedId] = useState<string | null>(null);
  const key = pageKey ? `${pageKey}:${locale}:${langPrefix}` : null;

  useEffect(() => {
    if (!pageKey || !key) return;
    let live = true;
    // In a task of its own: this effect runs in the commit right after hydration, already a busy task.
    void yieldToMain()
      .then(() => (live ? loadAnnouncement(pageKey, locale, langPrefix) : null))
      .then((value) => {
        if (live) setLoaded({ key, value });
      });
    return () => {
      live = false;
    };
  }, [pageKey, locale, langPrefix, key]);

  const settled = loaded !== null && loaded.key === key;
  const current = settled ? loaded.value : null;
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
  return { announcement: shown, pending: key !== null && !settled, dismiss };
}
