// The embedded elements' attributes (src/embed/attributes.ts, docs/EMBED.md 'Attributes'): every value parsed, every
// bad or missing value falling back to its default (SPEC §8), never a throw.
import { describe, expect, it } from 'vitest';
import {
  EMBED_ATTRIBUTES,
  parseApiBase,
  parseEmbedAttributes,
  parseLang,
  parseSubSite,
  parseTheme,
} from '../../src/embed/attributes.ts';
import { LOCALES } from '../../common/domain/locales.ts';
import { SUB_SITE_IDS } from '../../common/domain/sub-sites.ts';

const PAGE = 'https://host.example';

describe('sub-site', () => {
  it('takes every SPEC §1 id', () => {
    for (const id of SUB_SITE_IDS) expect(parseSubSite(String(id))).toBe(id);
    expect(parseSubSite(' 177 ')).toBe(177);
  });
  it('falls back to the main site for anything else', () => {
    for (const v of [null, '', 'abc', '-1', '1.5', '998', '1000', '0x2', '177abc'])
      expect(parseSubSite(v)).toBe(0);
  });
});

describe('lang', () => {
  it('takes the 16 locales, case-insensitive', () => {
    for (const l of LOCALES) expect(parseLang(l)).toBe(l);
    expect(parseLang('zh-TW')).toBe('zh-tw');
    expect(parseLang(' JA ')).toBe('ja');
  });
  it('falls back to English', () => {
    for (const v of [null, '', 'xx', 'en-US', 'zh_TW']) expect(parseLang(v)).toBe('en');
  });
});

describe('theme', () => {
  it('takes light, dark and auto', () => {
    expect(parseTheme('light')).toBe('light');
    expect(parseTheme('DARK')).toBe('dark');
    expect(parseTheme('auto')).toBe('auto');
  });
  it('falls back to auto', () => {
    for (const v of [null, '', 'night', '2']) expect(parseTheme(v)).toBe('auto');
  });
});

describe('api-base', () => {
  it("defaults to the page's origin", () => {
    expect(parseApiBase(null, PAGE)).toBe(PAGE);
    expect(parseApiBase('  ', PAGE)).toBe(PAGE);
  });
  it('keeps the origin of an absolute http(s) URL', () => {
    expect(parseApiBase('https://api.example.com', PAGE)).toBe('https://api.example.com');
    expect(parseApiBase('https://api.example.com:8443/some/path?q=1', PAGE)).toBe(
      'https://api.example.com:8443',
    );
    expect(parseApiBase('http://127.0.0.1:4173/', PAGE)).toBe('http://127.0.0.1:4173');
  });
  it("falls back to the page's origin for relative URLs and other schemes", () => {
    for (const v of [
      '/api',
      'api.example.com',
      'javascript:alert(1)',
      'data:text/plain,x',
      'ftp://x.example',
    ])
      expect(parseApiBase(v, PAGE)).toBe(PAGE);
  });
});

it('reads the four attributes through the getter', () => {
  const attrs: Record<string, string> = {
    'sub-site': '153',
    lang: 'ar',
    theme: 'dark',
    'api-base': 'https://a.example/x',
  };
  const asked: string[] = [];
  const options = parseEmbedAttributes((name) => {
    asked.push(name);
    return attrs[name] ?? null;
  }, PAGE);
  expect(options).toEqual({ subSite: 153, locale: 'ar', theme: 'dark', apiBase: 'https://a.example' });
  expect(asked.sort()).toEqual([...EMBED_ATTRIBUTES].sort());
  expect(parseEmbedAttributes(() => null, PAGE)).toEqual({
    subSite: 0,
    locale: 'en',
    theme: 'auto',
    apiBase: PAGE,
  });
});
