// The one URL policy (ARCHITECTURE.md 'Security at the edges'): table cases for known tricks, and fast-check properties
// (≥ 1,000 runs each) that no output leaves the origin or the allow-list.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { safeHttpsUrl, safePath, safeUrl } from '../../common/url-policy.ts';

const ORIGIN = 'https://exchange.test';
const HOSTS = ['static.exchange.test', 'www.exchange.test'] as const;

/** What a browser does with the output: it must stay on our origin or go to an allow-listed https host. */
function landsSafely(out: string): boolean {
  const url = new URL(out, ORIGIN);
  if (url.origin === ORIGIN) return out.startsWith('/') && !out.startsWith('//');
  return url.protocol === 'https:' && (HOSTS as readonly string[]).includes(url.hostname) && !url.username;
}

/** Fragments that make up redirect and link tricks, so random strings hit the interesting cases often. */
const TRICKS = [
  '/', '//', '\\', '.', '..', '%2e', '%2E', '%2e%2e', '%2f', '%5c', '%00', '\t', '\n', '\r', ' ', '@', ':', '?',
  '#', 'evil.example', 'javascript:', 'JaVaScRiPt:', 'data:', 'http:', 'https:', 'static.exchange.test',
  'static.exchange.test.evil.example', 'www.exchange.test', 'alert(1)', '\u0000', '\u007f', '\u2028', 'ｅｖｉｌ',
  ':443', ':8080', 'user:pass@',
]; // prettier-ignore
const trickString = fc
  .array(fc.oneof(fc.constantFrom(...TRICKS), fc.string({ maxLength: 4 })), { maxLength: 12 })
  .map((parts) => parts.join(''));
const anyInput = fc.oneof(trickString, fc.string(), fc.webUrl(), fc.webPath());

describe('URL policy: known tricks (ARCHITECTURE.md, Security at the edges)', () => {
  it.each([
    ['/trade/BTC_USDT', '/trade/BTC_USDT'],
    ['/zh/futures/USDT/BTC_USDT?tab=1#x', '/zh/futures/USDT/BTC_USDT?tab=1#x'],
    ['/a/./b/../c', '/a/c'],
    ['/a//b', '/a/b'],
    ['/.//evil.example/', '/evil.example/'],
    ['/%2e%2e//evil.example/', '/evil.example/'],
    ['/%2E/%2e%2e/x', '/x'],
  ])('normalises the same-origin path %j to %j', (input, expected) => {
    expect(safePath(input)).toBe(expected);
  });

  it.each([
    '//evil.example/',
    '/\\evil.example/',
    '\\\\evil.example',
    '/\t/evil.example',
    '/a\nb',
    'javascript:alert(1)',
    'data:text/html,x',
    'http://static.exchange.test/x',
    'https://evil.example/x',
    'https://static.exchange.test.evil.example/x',
    'https://user@static.exchange.test/x',
    'https://static.exchange.test:8443/x',
    '',
    'relative/path',
  ])('rejects %j', (input) => {
    expect(safeUrl(input, HOSTS)).toBeNull();
  });

  it('accepts an https URL on the allow-list, normalised', () => {
    expect(safeHttpsUrl('HTTPS://Static.Exchange.Test/icons/../btc.svg', HOSTS)).toBe(
      'https://static.exchange.test/btc.svg',
    );
  });

  it('rejects non-strings', () => {
    for (const v of [null, undefined, 42, {}, ['/x']]) expect(safeUrl(v, HOSTS)).toBeNull();
  });
});

describe('URL policy: properties (fast-check, 2,000 runs each)', () => {
  it('never returns a URL that leaves the origin or the allow-list', () => {
    fc.assert(
      fc.property(anyInput, (input) => {
        const out = safeUrl(input, HOSTS);
        return out === null || landsSafely(out);
      }),
      { numRuns: 2000 },
    );
  });

  it('a same-origin result never starts with // and holds no backslash or control character', () => {
    fc.assert(
      fc.property(anyInput, (input) => {
        const out = safePath(input);
        // eslint-disable-next-line no-control-regex
        return out === null || (!out.startsWith('//') && !/[\\\u0000-\u001f\u007f]/.test(out));
      }),
      { numRuns: 2000 },
    );
  });

  it('is idempotent: a result passes the policy unchanged', () => {
    fc.assert(
      fc.property(anyInput, (input) => {
        const out = safeUrl(input, HOSTS);
        return out === null || safeUrl(out, HOSTS) === out;
      }),
      { numRuns: 2000 },
    );
  });

  it('never throws, whatever the input', () => {
    fc.assert(
      fc.property(fc.anything(), (input) => {
        safeUrl(input, HOSTS);
        return true;
      }),
      { numRuns: 1000 },
    );
  });
});

describe('URL policy: each check on its own edge', () => {
  const host = 'static.exchange.test';
  it('bounds input at 2,048 characters, and rejects empty and non-string values', () => {
    const path = `/${'a'.repeat(2047)}`;
    expect(safePath(path)).toBe(path);
    expect(safePath(`${path}b`)).toBeNull();
    const url = `https://${host}/${'a'.repeat(2048 - `https://${host}/`.length)}`;
    expect(url).toHaveLength(2048);
    expect(safeHttpsUrl(url, [host])).toBe(url);
    expect(safeHttpsUrl(`${url}b`, [host])).toBeNull();
    for (const v of ['', 42, null, undefined, ['/a']]) {
      expect(safePath(v)).toBeNull();
      expect(safeHttpsUrl(v, [host])).toBeNull();
    }
  });

  it('takes a path only when it starts with one slash (safePath called directly)', () => {
    expect(safePath('a/b')).toBeNull();
    expect(safePath('?q=1')).toBeNull();
    expect(safePath('//evil.test/x')).toBeNull();
    // Two slashes are another host even when that host is the parser's own probe origin.
    expect(safePath('//same-origin.invalid/x')).toBeNull();
    expect(safePath('///x')).toBeNull();
  });

  it('rejects https URLs that the URL parser would repair: control characters, backslashes, missing slashes', () => {
    expect(safeHttpsUrl(`https://${host}/a\tb`, [host])).toBeNull();
    expect(safeHttpsUrl(`https://${host}/a\nb`, [host])).toBeNull();
    expect(safeHttpsUrl(`https://${host}\\x`, [host])).toBeNull();
    expect(safeHttpsUrl(`https:${host}/x`, [host])).toBeNull();
    expect(safeHttpsUrl(`https:/${host}/x`, [host])).toBeNull();
    expect(safeHttpsUrl(`HTTPS://${host}/x`, [host])).toBe(`https://${host}/x`);
    // The parser strips leading spaces and controls; the policy takes the value only as written.
    expect(safeHttpsUrl(` https://${host}/x`, [host])).toBeNull();
    expect(safeUrl(` https://${host}/x`, [host])).toBeNull();
    expect(safeHttpsUrl(`\u0000https://${host}/x`, [host])).toBeNull();
    expect(safeHttpsUrl(`https://${host}/a\u0085b`, [host])).toBeNull();
  });

  it('rejects user info and ports on an allowed host', () => {
    expect(safeHttpsUrl(`https://user@${host}/x`, [host])).toBeNull();
    expect(safeHttpsUrl(`https://:pw@${host}/x`, [host])).toBeNull();
    expect(safeHttpsUrl(`https://${host}:8443/x`, [host])).toBeNull();
    expect(safeHttpsUrl(`https://${host}:443/x`, [host])).toBe(`https://${host}/x`);
  });

  it('gives the same answer for a path asked again (the memo changes nothing)', () => {
    for (let k = 0; k < 3; k++) {
      expect(safePath('/a/../b?q#h')).toBe('/b?q#h');
      expect(safePath('/\\evil')).toBeNull();
    }
  });
});
