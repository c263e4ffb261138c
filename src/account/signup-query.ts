/**
 * Signup keeps the query string a visitor arrived with (referral and campaign parameters) so that the signup
 * button, clicked later on any page, still carries it (SPEC §2 '/signup (optionally with a stored query string)').
 * Stored in localStorage under SIGNUP_QUERY_KEY; only the parameters in SIGNUP_PARAMS are kept.
 */
import { withLangPrefix } from '../../common/domain/route.ts';
import { webStorage } from '../lib/web-storage.ts';
import { LANDING_QUERY_KEY } from '../../common/page-loader.ts';

/** localStorage key (documented in docs/API.md 'Client storage'). */
export const SIGNUP_QUERY_KEY = 'mh_signup_query';
/** Parameters worth keeping for signup attribution. */
export const SIGNUP_PARAMS = [
  'ref', 'ref_type', 'ch', 'invite_code', 'utm_source', 'utm_medium', 'utm_campaign', 'utm_content', 'utm_term',
] as const; // prettier-ignore

type KeyValueStore = Pick<Storage, 'getItem' | 'setItem'>;

/** localStorage, or null where disabled (privacy mode): signup simply has no stored query. */
function storage(): KeyValueStore | null {
  return webStorage('localStorage');
}

/** The attribution part of a query string (`?ref=1&x=2` → `ref=1`), '' when none. Pure. */
export function attributionQuery(search: string): string {
  const all = new URLSearchParams(search);
  const kept = new URLSearchParams();
  for (const name of SIGNUP_PARAMS) {
    const v = all.get(name);
    if (v) kept.set(name, v.slice(0, 200));
  }
  return kept.toString();
}

/** Saves the attribution parameters of `search`, if any (a later visit with new ones replaces them). */
export function captureSignupQuery(search: string, store: KeyValueStore | null = storage()): void {
  const q = attributionQuery(search);
  if (!q || !store) return;
  try {
    store.setItem(SIGNUP_QUERY_KEY, q);
  } catch (err) {
    console.warn('[account] cannot store the signup query', err);
  }
}

/**
 * sessionStorage key under which the page loader (src/loader/start-hydration.ts) keeps a server-rendered page's
 * query string until the app has started: a visitor who leaves the landing page before its scripts have run (they
 * start after the first paint) still has its attribution captured by the next page. Declared once for both.
 */
export { LANDING_QUERY_KEY };

type PendingStore = Pick<Storage, 'getItem' | 'removeItem'>;

function sessionStore(): PendingStore | null {
  return webStorage('sessionStorage');
}

/**
 * Captures the attribution of a landing query the loader kept (a page left before the app started; see
 * LANDING_QUERY_KEY), then of `search`, the current page's (which wins: a later visit's parameters replace
 * earlier ones), and drops the kept query. Storage errors are swallowed: attribution is best effort.
 */
export function captureLandingQuery(
  search: string,
  pending: PendingStore | null = sessionStore(),
  store: KeyValueStore | null = storage(),
): void {
  try {
    const kept = pending?.getItem(LANDING_QUERY_KEY);
    if (kept) {
      pending!.removeItem(LANDING_QUERY_KEY);
      captureSignupQuery(kept, store);
    }
  } catch {
    // storage disabled: only the current page's query counts
  }
  captureSignupQuery(search, store);
}

/** `/signup` under the language prefix, with the stored query when there is one. */
export function signupHref(langPrefix: string, store: KeyValueStore | null = storage()): string {
  let stored: string;
  try {
    stored = attributionQuery(store?.getItem(SIGNUP_QUERY_KEY) ?? '');
  } catch {
    stored = ''; // storage disabled
  }
  return withLangPrefix(langPrefix, stored ? `/signup?${stored}` : '/signup');
}
