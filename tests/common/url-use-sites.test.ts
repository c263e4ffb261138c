// Every place a URL from data or the address bar reaches an href, a src or a Location header goes through the one URL
// policy (common/url-policy.ts): the logout redirect, the language links, avatars and coin icons. fast-check
// properties (2,000 runs each) prove no output leaves the origin or the allow-list; table cases pin the known tricks.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ICON_HOSTS, STATIC_HOST } from '../../common/domain/hosts.ts';
import { LOCALES } from '../../common/domain/locales.ts';
import { parseRoute } from '../../common/domain/route.ts';
import { safeRedirect } from '../../server/routes/logout-page.ts';
import { languageHref } from '../../src/settings/language-links.ts';
import { safeAvatar } from '../../src/account/ProfileSummary.tsx';
import { coinIconSrc } from '../../src/ui/icon-url.ts';

const ORIGIN = 'https://exchange.test';
const RUNS = { numRuns: 2000 };

/** A same-origin path a browser keeps on this origin. */
function staysOnOrigin(out: string): boolean {
  return (
    out.startsWith('/') &&
    !out.startsWith('//') &&
    !out.includes('\\') &&
    new URL(out, ORIGIN).origin === ORIGIN
  );
}

/** Same origin, or https on the icon hosts with no credentials or port. */
function iconLandsSafely(out: string): boolean {
  if (out.startsWith('/')) return staysOnOrigin(out);
  const url = new URL(out);
  return url.protocol === 'https:' && ICON_HOSTS.includes(url.hostname) && !url.username && !url.port;
}

const TRICKS = [
  '/', '//', '///', '\\', '/\\', '.', '..', '/./', '/../', '%2e', '%2E', '%2e%2e', '%2f', '%5c', '%00', '\t', '\n',
  ' ', '@', ':', '?', '#', 'evil.example', 'javascript:', 'JaVaScRiPt:', 'data:', 'http:', 'https:', 'https://',
  STATIC_HOST, `${STATIC_HOST}.evil.example`, 'alert(1)', '\u0000', '\u007f', '\u2028', ':443', 'user:pass@',
]; // prettier-ignore
const trickString = fc
  .array(fc.oneof(fc.constantFrom(...TRICKS), fc.string({ maxLength: 4 })), { maxLength: 12 })
  .map((parts) => parts.join(''));
const anyInput = fc.oneof(
  trickString,
  fc.string(),
  fc.webUrl(),
  fc.webPath(),
  fc.constant(`https://${STATIC_HOST}/i/btc.svg`),
);

describe('logout redirect (server/routes/logout-page.ts safeRedirect)', () => {
  it.each([
    ['/zh/login', '/zh/login'],
    ['/.//evil.example/', '/evil.example/'],
    ['/%2e%2e//evil.example/', '/evil.example/'],
    ['//evil.example/', null],
    ['/\\evil.example', null],
    ['https://evil.example/', null],
    [undefined, null],
  ])('%j → %j', (input, expected) => {
    expect(safeRedirect(input)).toBe(expected);
  });

  it('only ever redirects to a same-origin path (property)', () => {
    fc.assert(
      fc.property(anyInput, (input) => {
        const out = safeRedirect(input);
        return out === null || staysOnOrigin(out);
      }),
      RUNS,
    );
  });
});

describe('language links (src/settings/language-links.ts languageHref)', () => {
  it.each(LOCALES)('on /{lang}//evil.example/ the %s link stays on this origin', (locale) => {
    const { path } = parseRoute('/ja//evil.example/');
    const href = languageHref(locale, path);
    expect(staysOnOrigin(href)).toBe(true);
    expect(href).not.toMatch(/^\/\//);
  });

  it('keeps ordinary paths and queries', () => {
    expect(languageHref('ja', '/trade/BTC_USDT', '?tab=1')).toBe('/ja/trade/BTC_USDT?tab=1');
    expect(languageHref('en', '/trade/BTC_USDT')).toBe('/trade/BTC_USDT');
    expect(languageHref('zh', '/')).toBe('/zh');
    expect(languageHref('en', '/')).toBe('/');
  });

  it('whatever the address bar holds, every language link is a same-origin path under its prefix (property)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...LOCALES), anyInput, anyInput, (locale, pathname, search) => {
        const { path } = parseRoute(pathname.startsWith('/') ? pathname : `/${pathname}`);
        const href = languageHref(locale, path, search.startsWith('?') ? search : '');
        const prefix = locale === 'en' ? '/' : `/${locale}`;
        return staysOnOrigin(href) && href.startsWith(prefix);
      }),
      RUNS,
    );
  });
});

describe('avatars (src/account/ProfileSummary.tsx safeAvatar)', () => {
  it('loads only same-origin paths and the static host over https (property)', () => {
    fc.assert(
      fc.property(anyInput, (input) => {
        const out = safeAvatar(input);
        return out === null || iconLandsSafely(out);
      }),
      RUNS,
    );
  });
});

describe('coin and chain icons (src/ui/icon-url.ts coinIconSrc)', () => {
  it.each([
    '//evil.example/x.svg',
    'javascript:alert(1)',
    'data:image/svg+xml,<svg/>',
    'http://static.exchange.example/x',
  ])('refuses %j', (input) => {
    expect(coinIconSrc(input)).toBeNull();
  });

  it('accepts the server’s own icon path and the static host', () => {
    expect(coinIconSrc('/coin-icons/btc.svg')).toBe('/coin-icons/btc.svg');
    expect(coinIconSrc(`https://${STATIC_HOST}/icons/btc.svg`)).toBe(`https://${STATIC_HOST}/icons/btc.svg`);
  });

  it('never hands <img src> a URL off the origin or the icon hosts (property)', () => {
    fc.assert(
      fc.property(anyInput, (input) => {
        const out = coinIconSrc(input);
        return out === null || iconLandsSafely(out);
      }),
      RUNS,
    );
  });
});
