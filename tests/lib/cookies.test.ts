// Cookie attributes (SPEC §7: curr_fiat max age 31536000 s, path /, secure) through js-cookie and document.cookie.
import { afterEach, describe, expect, it } from 'vitest';
import { browserCookies, csrfToken, memoryCookies, PREF_COOKIE_MAX_AGE_S } from '../../src/lib/cookies.ts';

/** A stand-in for `document.cookie`: records each write, reads back name=value pairs. */
function fakeDocument() {
  const writes: string[] = [];
  const jar = new Map<string, string>();
  const doc = {
    get cookie() {
      return [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    },
    set cookie(line: string) {
      writes.push(line);
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq);
      const expires = /expires=([^;]+)/.exec(line)?.[1];
      if (expires && Date.parse(expires) < Date.now()) jar.delete(name);
      else jar.set(name, pair.slice(eq + 1));
    },
  };
  (globalThis as { document?: unknown }).document = doc;
  return { writes, jar };
}

afterEach(() => {
  delete (globalThis as { document?: unknown }).document;
});

describe('browserCookies', () => {
  it('writes Path=/, Max-Age one year, Secure and SameSite=Lax', () => {
    const { writes } = fakeDocument();
    browserCookies.set('curr_fiat', 'EUR');
    expect(PREF_COOKIE_MAX_AGE_S).toBe(31536000);
    expect(writes[0]).toBe('curr_fiat=EUR; path=/; max-age=31536000; secure; sameSite=Lax');
    expect(browserCookies.get('curr_fiat')).toBe('EUR');
  });
  it('removes with the same path so the browser drops the cookie', () => {
    const { writes, jar } = fakeDocument();
    browserCookies.set('curr_fiat', 'EUR');
    browserCookies.remove('curr_fiat');
    expect(writes[1]).toMatch(/^curr_fiat=; path=\/; secure; sameSite=Lax; expires=/);
    expect(jar.has('curr_fiat')).toBe(false);
  });
  it('reads document.cookie once per task; its own writes and a later task see fresh values', async () => {
    const { jar } = fakeDocument();
    await Promise.resolve(); // a fresh task's microtask checkpoint: no map kept from an earlier test
    let reads = 0;
    const doc = (globalThis as unknown as { document: { cookie: string } }).document;
    const read = Object.getOwnPropertyDescriptor(doc, 'cookie')!.get!;
    Object.defineProperty(doc, 'cookie', {
      get: () => (reads++, read.call(doc)),
      set: Object.getOwnPropertyDescriptor(doc, 'cookie')!.set!,
      configurable: true,
    });
    jar.set('theme', '2');
    jar.set('float_rate', '1');
    expect(browserCookies.get('theme')).toBe('2');
    expect(browserCookies.get('float_rate')).toBe('1');
    expect(browserCookies.get('curr_fiat')).toBeUndefined();
    // One js-cookie `get()` of every cookie (it reads the string twice), not one per name.
    expect(reads).toBeLessThanOrEqual(2);
    browserCookies.set('curr_fiat', 'EUR');
    expect(browserCookies.get('curr_fiat')).toBe('EUR');
    jar.set('theme', '0'); // changed outside the app (a server answer, another tab)
    await Promise.resolve();
    await Promise.resolve();
    expect(browserCookies.get('theme')).toBe('0');
    expect(browserCookies.get('constructor')).toBeUndefined();
  });
  it('is a no-op without a document (node, workers)', () => {
    expect(browserCookies.get('curr_fiat')).toBeUndefined();
    expect(() => browserCookies.set('curr_fiat', 'EUR')).not.toThrow();
  });
});

describe('csrfToken', () => {
  it('reads the csrf_token cookie the server set', () => {
    expect(csrfToken(memoryCookies({ csrf_token: 'abc' }))).toBe('abc');
    expect(csrfToken(memoryCookies())).toBeUndefined();
  });
});
