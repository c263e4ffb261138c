/**
 * Logout (SPEC §4, §7, §8): this device (POST /api/web/v1/usercenter/logout, form-encoded) or all devices
 * (GET …/logoutAll), with the 'Logging out' indicator; a failed call is only logged. Then session cleanup: clear
 * the `pver` and `sign` cookies and go to `{lang_prefix}/login` through GET /logout (which also clears the HttpOnly
 * `sign` cookie server-side and needs the page's CSRF token, which it rotates at once, so the token in that URL is
 * dead before any log sees it); testnet goes to its authorize redirect instead. Cleanup also removes every
 * user-specific key the app keeps in web storage (USER_STORAGE_KEYS) and the account's favourites (IndexedDB, through
 * the market worker); the public market cache and the anonymous favourites stay.
 */
import { apiGet, apiPostForm } from '../api/client.ts';
import { USER_API } from '../../common/wire/endpoints.ts';
import { withLangPrefix } from '../../common/domain/route.ts';
import { browserCookies, csrfToken, type CookieJar } from '../lib/cookies.ts';
import { SIGNUP_QUERY_KEY } from './signup-query.ts';
import { RECENT_SEARCHES_KEY } from '../search/recent.ts';
import { SUB_SITE, testnetAuthorizeHref, type SubSiteId } from '../../common/domain/sub-sites.ts';
import type { LogoutForm } from '../../common/wire/user.ts';
import { setLoggingOut } from '../state/session.ts';
import { siteState } from '../state/site.ts';
import { webStorage } from '../lib/web-storage.ts';

/**
 * Where cleanup lands: `{lang_prefix}/login`, or testnet's authorize flow. A same-origin path either way: it is the
 * `redirect` of GET /logout, which redirects within the origin only (the login link of the header names the main
 * site's host, src/account/LoginButtons.tsx). Pure.
 */
export function loginTarget(site: SubSiteId, langPrefix: string): string {
  return site === SUB_SITE.TESTNET
    ? testnetAuthorizeHref(langPrefix, '/')
    : withLangPrefix(langPrefix, '/login');
}

/**
 * localStorage keys that belong to the visitor, not to the site: removed at logout (attribution of a referral, and
 * the terms typed into search, which on a shared device would tell the next user what this one looked for). Public
 * caches (market lists in IndexedDB, popular coins, pay-with settings) and device settings stay.
 */
export const USER_STORAGE_KEYS: readonly string[] = [SIGNUP_QUERY_KEY, RECENT_SEARCHES_KEY];

/** The GET /logout URL that clears server cookies and redirects to `target`, with the CSRF token `csrf`. Pure. */
export function pageLogoutHref(target: string, csrf = ''): string {
  return `${USER_API.pageLogout}?${new URLSearchParams({ redirect: target, csrf })}`;
}

/** Removes USER_STORAGE_KEYS from `store` (default localStorage); storage errors are swallowed. */
export function clearUserStorage(store: Pick<Storage, 'removeItem'> | null = localStorageOrNull()): void {
  for (const key of USER_STORAGE_KEYS) {
    try {
      store?.removeItem(key);
    } catch {
      // storage disabled: nothing was stored
    }
  }
}

function localStorageOrNull(): Storage | null {
  return webStorage('localStorage');
}

/** Clears the session cookies the page can reach and navigates away through GET /logout. */
export function cleanupSession(
  jar: CookieJar = browserCookies,
  navigate: (url: string) => void = (u) => location.assign(u),
): void {
  jar.remove('pver');
  jar.remove('sign'); // HttpOnly: only GET /logout can clear it; this covers a non-HttpOnly copy
  clearUserStorage();
  navigate(pageLogoutHref(loginTarget(siteState.subSite, siteState.langPrefix), csrfToken(jar) ?? ''));
}

const logoutForm: LogoutForm = { scope: 'device' };

/** Logs out of this device or all devices; never throws (SPEC §8). */
export async function logout(scope: 'device' | 'all'): Promise<void> {
  setLoggingOut(true);
  const res =
    scope === 'all' ? await apiGet(USER_API.logoutAll) : await apiPostForm(USER_API.logout, logoutForm);
  if (!res.ok) console.warn(`[account] logout (${scope}) failed; cleaning up the session anyway`);
  await dropAccountFavourites();
  cleanupSession();
}

/** How long logout waits for the market worker to remove the account's favourites, ms. */
export const FAVOURITES_DROP_WAIT_MS = 1500;

/**
 * Session cleanup of the favourites (SPEC §4): the signed-in account's list leaves the device (the worker deletes its
 * IndexedDB entry and tells the other tabs; the anonymous list stays). Waits at most FAVOURITES_DROP_WAIT_MS; a
 * failure is logged (the worker also removes account lists at the next anonymous start). Never throws.
 */
async function dropAccountFavourites(): Promise<void> {
  try {
    const drop = import('../markets/engine-client.ts')
      .then((m) => m.getMarketEngine())
      .then((engine) => engine.dropAccountFavourites());
    await Promise.race([drop, new Promise((resolve) => setTimeout(resolve, FAVOURITES_DROP_WAIT_MS))]);
  } catch (err) {
    console.warn('[account] favourites not removed at logout', err);
  }
}
