/**
 * Preference cookies (SPEC §3 'Preferences', §4, §7) over js-cookie. Every cookie the app sets carries `Path=/`,
 * `Max-Age=31536000` (one year, SPEC §7 for curr_fiat, used for all preferences), `Secure` and `SameSite=Lax`
 * (ARCHITECTURE.md 'Security at the edges'). Chromium stores Secure cookies on http://localhost and http://127.0.0.1 (secure
 * contexts), which the e2e suite relies on; other plain-http hosts drop them.
 *
 * | cookie | values | meaning |
 * |---|---|---|
 * | market_rise_color | `risered` \| `risegreen` | rise colour (SPEC name); absent → language default |
 * | market_change_period | `24h` \| `utc0` \| `utc8` | change column period |
 * | float_rate | `1` open \| `0` closed | price-change column shown |
 * | currency_rate | `1` open \| `0` closed | fiat prices shown (rate mode) |
 * | curr_fiat | ISO 4217 code, e.g. `EUR` (SPEC name) | fiat for prices; absent → none (site default USD) |
 * | theme | `0` light \| `2` dark | read before paint by index.html |
 * | theme_changed | `1` | the user changed the skin (else the system scheme applies) |
 * | default_buy_crypto_fiat | ISO 4217 code, e.g. `EUR` | the pay-with fiat of the Buy crypto menu (SPEC §4) |
 * | sub_website_id | integer | set by the server from `?sub_website_id=`; read by the site store (SPEC §1) |
 */
import Cookies from 'js-cookie';
import { THEME_CHANGED_COOKIE, THEME_COOKIE } from '../../common/page-loader.ts';

/** Cookie names (see the table above). */
export const COOKIE = {
  riseColor: 'market_rise_color',
  changePeriod: 'market_change_period',
  floatRate: 'float_rate',
  currencyRate: 'currency_rate',
  currFiat: 'curr_fiat',
  // Shared with the page loader's theme script (src/loader/theme.ts).
  theme: THEME_COOKIE,
  themeChanged: THEME_CHANGED_COOKIE,
  subWebsiteId: 'sub_website_id',
  buyCryptoFiat: 'default_buy_crypto_fiat',
  csrfToken: 'csrf_token',
} as const;

/** One year, seconds (SPEC §7 curr_fiat max age). */
export const PREF_COOKIE_MAX_AGE_S = 31536000;

/** Attributes of every preference cookie. js-cookie writes any attribute; values must be strings. */
export const PREF_COOKIE_ATTRIBUTES = {
  path: '/',
  'max-age': String(PREF_COOKIE_MAX_AGE_S),
  secure: true,
  sameSite: 'Lax',
} as const;

/** Read and write access to cookies; the default is `document.cookie` via js-cookie, tests pass a memory jar. */
export interface CookieJar {
  get(name: string): string | undefined;
  set(name: string, value: string): void;
  remove(name: string): void;
}

/**
 * Every cookie of the page by name, read once per task: `document.cookie` is a synchronous call into the browser's
 * cookie store (about 1 ms each on a slow phone, and the header's first render reads a dozen cookies). The parsed
 * map is kept until the current task's microtasks have run, so a later task (after a server answer, another tab)
 * sees fresh values; the app's own writes drop it at once.
 */
let cookieMap: Record<string, string> | null = null;
function allCookies(): Record<string, string> {
  if (cookieMap === null) {
    cookieMap = (Cookies.get() as Record<string, string> | undefined) ?? {};
    queueMicrotask(forgetCookies);
  }
  return cookieMap;
}
function forgetCookies(): void {
  cookieMap = null;
}

/**
 * The browser's cookies (no-ops without `document`, as js-cookie does). `get` reads the per-task map (see
 * allCookies); `set` and `remove` write through js-cookie and drop the map.
 */
export const browserCookies: CookieJar = {
  get: (name) => (Object.hasOwn(allCookies(), name) ? allCookies()[name] : undefined),
  set: (name, value) => {
    Cookies.set(name, value, PREF_COOKIE_ATTRIBUTES);
    forgetCookies();
  },
  // Removal must repeat path (and secure) or the browser keeps the cookie.
  remove: (name) => {
    Cookies.remove(name, { path: '/', secure: true, sameSite: 'Lax' });
    forgetCookies();
  },
};

/** Sets a browser-session cookie (no Max-Age: gone when the browser closes) with `Path=/`, `Secure`, `SameSite=Lax`. */
export function setSessionCookie(name: string, value: string): void {
  Cookies.set(name, value, { path: '/', sameSite: 'Lax', secure: true });
  forgetCookies();
}

/** An in-memory jar (tests, and callers without a document). */
export function memoryCookies(initial: Record<string, string> = {}): CookieJar & {
  values: Record<string, string>;
} {
  const values = { ...initial };
  return {
    values,
    get: (name) => values[name],
    set: (name, value) => {
      values[name] = value;
    },
    remove: (name) => {
      delete values[name];
    },
  };
}

/** The CSRF token the server set for this page (`csrf_token`), for requestJson; undefined outside a browser. */
export function csrfToken(jar: CookieJar = browserCookies): string | undefined {
  return jar.get(COOKIE.csrfToken);
}
