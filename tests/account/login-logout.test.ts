// The demo sign-in answer is validated before the page leaves (SPEC §8), and logout clears the visitor's own
// storage keys but not public caches (SPEC §4).
import { describe, expect, it } from 'vitest';
import { loginOutcome } from '../../src/account/login-answer.ts';
import { clearUserStorage, USER_STORAGE_KEYS } from '../../src/account/logout.ts';
import { SIGNUP_QUERY_KEY } from '../../src/account/signup-query.ts';
import { POPULAR_CACHE_KEY } from '../../src/footer/popular-coins.ts';
import { DISMISSED_KEY } from '../../src/announcement/dismissed.ts';
import { RECENT_SEARCHES_KEY } from '../../src/search/recent.ts';
import type { HttpResult } from '../../common/http.ts';

const ok = (body: unknown): HttpResult => ({ ok: true, status: 200, body });

describe('sign-in answer (login-answer.ts)', () => {
  it('a code-200 envelope with the asked persona signs in', () => {
    expect(loginOutcome(ok({ code: 200, data: { persona: 'vip', uid: '10001' } }), 'vip')).toBe('signed-in');
  });

  const invalid: Array<[string, HttpResult]> = [
    ['an empty body', ok(null)],
    ['a body that is not an envelope', ok('<html>')],
    ['an envelope with code 500', ok({ code: 500, message: 'no', data: { persona: 'vip', uid: '1' } })],
    ['data of the wrong shape', ok({ code: 200, data: { ok: true } })],
    ['data missing the uid', ok({ code: 200, data: { persona: 'vip' } })],
    ['another persona', ok({ code: 200, data: { persona: 'uk', uid: '1' } })],
    ['an unknown persona', ok({ code: 200, data: { persona: 'root', uid: '1' } })],
    ['malformed JSON', { ok: false, reason: 'parse', status: 200 }],
  ];
  for (const [name, res] of invalid) {
    it(`${name} is not a sign-in`, () => expect(loginOutcome(res, 'vip')).toBe('invalid'));
  }

  it('HTTP 429 is a rate limit; other failures are failures', () => {
    expect(loginOutcome({ ok: false, reason: 'http', status: 429 }, 'vip')).toBe('rate-limited');
    expect(loginOutcome({ ok: false, reason: 'http', status: 500 }, 'vip')).toBe('failed');
    expect(loginOutcome({ ok: false, reason: 'timeout' }, 'vip')).toBe('failed');
    expect(loginOutcome({ ok: false, reason: 'network' }, 'vip')).toBe('failed');
  });
});

describe('logout clears the visitor keys only', () => {
  it('removes every USER_STORAGE_KEYS entry and keeps public caches', () => {
    const m = new Map<string, string>([
      [SIGNUP_QUERY_KEY, 'ref=AB1'],
      [RECENT_SEARCHES_KEY, '["btc"]'],
      [POPULAR_CACHE_KEY, '[]'],
      [DISMISSED_KEY, '[]'],
    ]);
    clearUserStorage({ removeItem: (k: string) => void m.delete(k) });
    expect(USER_STORAGE_KEYS).toEqual(expect.arrayContaining([SIGNUP_QUERY_KEY, RECENT_SEARCHES_KEY]));
    for (const key of USER_STORAGE_KEYS) expect(m.has(key)).toBe(false);
    expect([...m.keys()].sort()).toEqual([DISMISSED_KEY, POPULAR_CACHE_KEY].sort());
  });

  it('a storage that throws is swallowed', () => {
    expect(() =>
      clearUserStorage({
        removeItem: () => {
          throw new Error('SecurityError');
        },
      }),
    ).not.toThrow();
  });
});
