// Language-prefixed paths (common/domain/route.ts), SPEC §2 'A language prefix may precede any path': English has
// no prefix, the other 15 locales a `/{locale}` one.
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../common/domain/locales.ts';
import { langPrefixFor, parseRoute, withLangPrefix } from '../../common/domain/route.ts';

describe('SPEC §2 language prefixes', () => {
  it('a locale prefix is split off the path', () => {
    expect(parseRoute('/zh/trade/BTC_USDT')).toEqual({
      locale: 'zh',
      langPrefix: '/zh',
      path: '/trade/BTC_USDT',
    });
    expect(parseRoute('/pt-br/markets')).toEqual({ locale: 'pt-br', langPrefix: '/pt-br', path: '/markets' });
    expect(parseRoute('/ar/a/b/c/')).toEqual({ locale: 'ar', langPrefix: '/ar', path: '/a/b/c/' });
  });

  it('a prefix alone is the locale home page', () => {
    expect(parseRoute('/ja')).toEqual({ locale: 'ja', langPrefix: '/ja', path: '/' });
    expect(parseRoute('/ja/')).toEqual({ locale: 'ja', langPrefix: '/ja', path: '/' });
  });

  it('an explicit /en is English with no prefix', () => {
    expect(parseRoute('/en/trade/BTC_USDT')).toEqual({
      locale: 'en',
      langPrefix: '',
      path: '/trade/BTC_USDT',
    });
    expect(parseRoute('/en')).toEqual({ locale: 'en', langPrefix: '', path: '/' });
  });

  it('a path with no locale is English and kept whole; an empty path is /', () => {
    expect(parseRoute('/trade/BTC_USDT')).toEqual({ locale: 'en', langPrefix: '', path: '/trade/BTC_USDT' });
    expect(parseRoute('/')).toEqual({ locale: 'en', langPrefix: '', path: '/' });
    expect(parseRoute('')).toEqual({ locale: 'en', langPrefix: '', path: '/' });
  });

  it('only an exact locale segment is a prefix (case, underscores and longer names are paths)', () => {
    for (const p of ['/ZH/trade', '/zh_tw/trade', '/zhx/trade', '/EN/trade', '/cn/trade'])
      expect(parseRoute(p)).toEqual({ locale: 'en', langPrefix: '', path: p });
  });

  it('every locale round-trips through langPrefixFor, withLangPrefix and parseRoute', () => {
    for (const l of LOCALES) {
      const prefix = langPrefixFor(l);
      expect(prefix).toBe(l === 'en' ? '' : `/${l}`);
      expect(parseRoute(withLangPrefix(prefix, '/futures/USDT'))).toEqual({
        locale: l,
        langPrefix: prefix,
        path: '/futures/USDT',
      });
    }
  });

  it('withLangPrefix adds the slash a bare path lacks', () => {
    expect(withLangPrefix('/zh', 'trade')).toBe('/zh/trade');
    expect(withLangPrefix('/zh', '/trade')).toBe('/zh/trade');
    expect(withLangPrefix('', 'trade')).toBe('/trade');
    expect(withLangPrefix('', '/')).toBe('/');
  });
});
