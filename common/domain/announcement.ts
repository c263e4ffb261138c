/**
 * Page keys of the site-wide announcement (SPEC §2 'Announcement banner on page /'; §7 fullsiteBulletin `page`
 * key). The spec names only the home page, so only '/' has a key; the app asks for no other page, and the reference
 * server answers `null` for any other key. Realm-neutral.
 */

/** The key of the home page '/'. */
export const HOME_PAGE_KEY = 'home';

/** The announcement page key of `path` (without language prefix), or null when the page shows none. */
export function announcementPageKey(path: string): string | null {
  return path === '/' || path === '' ? HOME_PAGE_KEY : null;
}
