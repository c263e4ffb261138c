/**
 * The page's announcement as the server embedded it (SPEC §2 'Announcement banner on page /', §7 fullsiteBulletin;
 * boot data, src/state/boot-data.ts): the bar shows it without a bulletin call, so a server-rendered page loads no
 * API code for it. Kept apart from src/announcement/ so the first load carries only this record.
 */
import type { Locale } from '../../common/domain/locales.ts';

/** An announcement as the API answers it (`content` is unsanitised HTML). */
export interface SeededAnnouncement {
  content_id: string;
  content: string;
  link: string;
}

let seed: { pageKey: string; locale: Locale; value: SeededAnnouncement | null } | null = null;

/**
 * Records what the server embedded for `pageKey` in `locale` (null: the page has no announcement). `value`
 * undefined (not embedded) records nothing.
 */
export function setAnnouncementSeed(
  pageKey: string | null,
  locale: Locale,
  value: SeededAnnouncement | null | undefined,
): void {
  seed = pageKey === null || value === undefined ? null : { pageKey, locale, value };
}

/**
 * The embedded announcement for `pageKey` in `locale`: the announcement, null when the server said there is none,
 * undefined when it embedded nothing for that key and locale (fetch it).
 */
export function announcementSeed(pageKey: string, locale: Locale): SeededAnnouncement | null | undefined {
  return seed && seed.pageKey === pageKey && seed.locale === locale ? seed.value : undefined;
}

/**
 * True when `raw` has the shape of an embedded announcement field: absent, null, or an object with string
 * `content_id`, `content` and `link`. A shape check only (boot data is the server's own page).
 */
export function isSeededAnnouncement(raw: unknown): raw is SeededAnnouncement | null | undefined {
  if (raw === undefined || raw === null) return true;
  if (typeof raw !== 'object') return false;
  const a = raw as Record<string, unknown>;
  return typeof a.content_id === 'string' && typeof a.content === 'string' && typeof a.link === 'string';
}
