/**
 * The current sub-site id (SPEC §1, default 0). Read through this one helper so that it can switch to issue 4's
 * site store once that store exposes the id; until then it is the `sub_website_id` cookie the server sets from
 * `?sub_website_id=N`.
 */
import { browserCookies, COOKIE, type CookieJar } from '../lib/cookies.ts';

/** Sub-site id from the cookie; missing or malformed → 0 (global). */
export function currentSubWebsiteId(jar: CookieJar = browserCookies): number {
  const raw = jar.get(COOKIE.subWebsiteId);
  return raw && /^\d{1,6}$/.test(raw) ? Number(raw) : 0;
}
