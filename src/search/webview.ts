/**
 * App webviews (SPEC §7 'Search'): the exchange's mobile apps open the site with a `device_type` query parameter or
 * cookie and bring their own search, so the header neither loads the search micro-app nor shows its button. Pure.
 */
import type { CookieJar } from '../lib/cookies.ts';

/** Query parameter and cookie name the apps set (SPEC §7). */
export const DEVICE_TYPE_KEY = 'device_type';

/** True when `search` (a `location.search` string) or the cookie jar carries a non-empty `device_type`. */
export function isAppWebview(search: string, jar: CookieJar): boolean {
  const param = new URLSearchParams(search).get(DEVICE_TYPE_KEY);
  return Boolean(param) || Boolean(jar.get(DEVICE_TYPE_KEY));
}
