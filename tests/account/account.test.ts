// Pure parts of the account features: stored signup query (SPEC §2 /signup), logout targets (SPEC §4), the profile
// summary's display name and avatar URL check.
import { describe, expect, it } from 'vitest';
import {
  attributionQuery,
  captureLandingQuery,
  captureSignupQuery,
  LANDING_QUERY_KEY,
  signupHref,
  SIGNUP_QUERY_KEY,
} from '../../src/account/signup-query.ts';
import {
  clearUserStorage,
  loginTarget,
  pageLogoutHref,
  USER_STORAGE_KEYS,
} from '../../src/account/logout.ts';
import { displayName, safeAvatar } from '../../src/account/ProfileSummary.tsx';
import { SUB_SITE } from '../../common/domain/sub-sites.ts';
import { switchAccountHref } from '../../src/extras/switch-account-link.ts';

function memoryStore() {
  const m = new Map<string, string>();
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v), m };
}

describe('signup query', () => {
  it('keeps only attribution parameters and appends them to /signup', () => {
    const store = memoryStore();
    captureSignupQuery('?ref=AB1&foo=1&utm_source=mail', store);
    expect(store.m.get(SIGNUP_QUERY_KEY)).toBe('ref=AB1&utm_source=mail');
    expect(signupHref('/zh', store)).toBe('/zh/signup?ref=AB1&utm_source=mail');
  });
  it('a visit without attribution keeps the stored query; none stored gives plain /signup', () => {
    const store = memoryStore();
    captureSignupQuery('?ref=X', store);
    captureSignupQuery('?foo=1', store);
    expect(signupHref('', store)).toBe('/signup?ref=X');
    expect(signupHref('', memoryStore())).toBe('/signup');
    expect(attributionQuery('?ref=' + 'a'.repeat(500))).toHaveLength('ref='.length + 200);
  });
});

describe('landing query kept by the page loader', () => {
  function pendingStore(value: string | null) {
    const m = new Map<string, string>(value === null ? [] : [[LANDING_QUERY_KEY, value]]);
    return { getItem: (k: string) => m.get(k) ?? null, removeItem: (k: string) => void m.delete(k), m };
  }
  it('captures a landing page left before the app started, then drops it', () => {
    const store = memoryStore();
    const pending = pendingStore('?ref=LAND&utm_source=ad&session=secret');
    captureLandingQuery('', pending, store);
    expect(store.m.get(SIGNUP_QUERY_KEY)).toBe('ref=LAND&utm_source=ad');
    expect(pending.m.has(LANDING_QUERY_KEY)).toBe(false);
  });
  it("the current page's attribution wins over the kept one; none kept is the plain capture", () => {
    const store = memoryStore();
    captureLandingQuery('?ref=NOW', pendingStore('?ref=OLD'), store);
    expect(store.m.get(SIGNUP_QUERY_KEY)).toBe('ref=NOW');
    captureLandingQuery('?foo=1', pendingStore(null), store);
    expect(store.m.get(SIGNUP_QUERY_KEY)).toBe('ref=NOW');
  });
  it('a failing session store still captures the current query', () => {
    const store = memoryStore();
    const broken = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      removeItem: () => undefined,
    };
    captureLandingQuery('?ref=OK', broken, store);
    expect(store.m.get(SIGNUP_QUERY_KEY)).toBe('ref=OK');
    captureLandingQuery('?ref=NULL', null, store);
    expect(store.m.get(SIGNUP_QUERY_KEY)).toBe('ref=NULL');
  });
});

describe('logout targets (SPEC §4)', () => {
  it('cleanup goes to {lang_prefix}/login through GET /logout; testnet to its authorize flow', () => {
    expect(loginTarget(SUB_SITE.GLOBAL, '/zh')).toBe('/zh/login');
    expect(loginTarget(SUB_SITE.TESTNET, '')).toBe('/login/authorize?client=testnet&redirect_uri=%2F');
    expect(pageLogoutHref('/zh/login')).toBe('/logout?redirect=%2Fzh%2Flogin&csrf=');
    expect(pageLogoutHref('/zh/login', 'tok')).toBe('/logout?redirect=%2Fzh%2Flogin&csrf=tok');
  });

  it('cleanup removes the user-specific storage keys only', () => {
    const store = new Map<string, string>([
      [SIGNUP_QUERY_KEY, 'ref=1'],
      ['mh_market_cache', 'public'],
    ]);
    clearUserStorage({ removeItem: (k: string) => void store.delete(k) });
    expect([...store.keys()]).toEqual(['mh_market_cache']);
    expect(USER_STORAGE_KEYS).toContain(SIGNUP_QUERY_KEY);
  });
});

describe('profile helpers', () => {
  it('display name falls back to user_nick then UID; avatars only from safe URLs', () => {
    expect(displayName({ nickname: '', user_nick: 'nick', uid: '1' })).toBe('nick');
    expect(displayName({ nickname: '', user_nick: '', uid: '1' })).toBe('1');
    expect(safeAvatar('/a.png')).toBe('/a.png');
    expect(safeAvatar('https://static.exchange.example/a.png')).toBe('https://static.exchange.example/a.png');
    expect(safeAvatar('https://cdn.example/a.png')).toBeNull();
    for (const bad of [
      'javascript:alert(1)',
      '//evil.example/a.png',
      'http://x/a.png',
      'data:image/png;base64,',
    ]) {
      expect(safeAvatar(bad)).toBeNull();
    }
  });
});

describe("Switch Account (SPEC §1 'Switch Account', §6 sub-accounts do not see sub-account management)", () => {
  it('has one destination, the sign-in page in switch mode, with the picked account', () => {
    expect(switchAccountHref('')).toBe('/login?switch=1');
    expect(switchAccountHref('/zh', '1002')).toBe('/zh/login?switch=1&uid=1002');
    expect(switchAccountHref('', '1&x=2')).toBe('/login?switch=1&uid=1%26x%3D2');
  });
  it('never links a switch to /myaccount/sub_account_manage', () => {
    for (const uid of [undefined, '1', '99999'])
      expect(switchAccountHref('/ar', uid)).not.toMatch(/sub_account_manage/);
  });
});
