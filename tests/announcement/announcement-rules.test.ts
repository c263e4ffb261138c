// Announcement rules: the dismissed list (SPEC §4), the mobile marquee (SPEC §9), the page key (SPEC §2) and the
// sanitiser's link rule and settings (SPEC §3; ARCHITECTURE.md 'Security at the edges'). The DOMPurify pass itself runs in
// the browser (e2e/announcement.spec.ts feeds it hostile HTML).
import { describe, expect, it } from 'vitest';
import { announcementPageKey, HOME_PAGE_KEY } from '../../common/domain/announcement.ts';
import {
  appendDismissed,
  DISMISSED_KEY,
  DISMISSED_MAX,
  isDismissed,
  parseDismissed,
  readDismissed,
  storeDismissed,
} from '../../src/announcement/dismissed.ts';
import { marqueeDurationS, shouldMarquee } from '../../src/announcement/marquee.ts';
import {
  ANNOUNCEMENT_SANITIZER_CONFIG,
  ANNOUNCEMENT_TAGS,
  announcementHref,
  REPLACE_WITH_CHILDREN,
} from '../../src/announcement/sanitize.ts';
import { ANNOUNCEMENT_PURIFY_CONFIG } from '../../src/announcement/sanitize-purify.ts';

class MemoryStorage {
  readonly map = new Map<string, string>();
  getItem(k: string) {
    return this.map.get(k) ?? null;
  }
  setItem(k: string, v: string) {
    this.map.set(k, v);
  }
}

describe('dismissed list (SPEC §4)', () => {
  it('shows an announcement until its content_id is appended, then never again', () => {
    const storage = new MemoryStorage();
    expect(isDismissed(readDismissed(storage), 'listing-a')).toBe(false);
    expect(storeDismissed(storage, 'listing-a')).toBe(true);
    expect(isDismissed(readDismissed(storage), 'listing-a')).toBe(true);
    expect(isDismissed(readDismissed(storage), 'listing-b')).toBe(false);
    expect(JSON.parse(storage.map.get(DISMISSED_KEY)!)).toEqual(['listing-a']);
  });

  it('appends, keeps one copy of an id, and drops the oldest beyond the cap', () => {
    expect(appendDismissed(['a', 'b'], 'a')).toEqual(['b', 'a']);
    const full = Array.from({ length: DISMISSED_MAX }, (_, i) => `id${i}`);
    const next = appendDismissed(full, 'new');
    expect(next).toHaveLength(DISMISSED_MAX);
    expect(next[0]).toBe('id1');
    expect(next.at(-1)).toBe('new');
  });

  it('reads a malformed or foreign value as empty', () => {
    expect(parseDismissed(null)).toEqual([]);
    expect(parseDismissed('{oops')).toEqual([]);
    expect(parseDismissed('{"a":1}')).toEqual([]);
    expect(parseDismissed('["a",1,null,"b"]')).toEqual(['a', 'b']);
  });

  it('swallows storage that throws (private mode, quota)', () => {
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('quota');
      },
    };
    expect(readDismissed(broken)).toEqual([]);
    expect(storeDismissed(broken, 'x')).toBe(false);
    expect(storeDismissed(undefined, 'x')).toBe(false);
  });
});

describe('mobile marquee (SPEC §9: ceil(width / 200 × 3) s)', () => {
  it.each([
    [200, 3],
    [201, 4],
    [375, 6],
    [1000, 15],
    [1234, 19],
    [1, 1],
    [0, 1],
    [Number.NaN, 1],
  ])('width %d px runs %d s', (width, seconds) => {
    expect(marqueeDurationS(width)).toBe(seconds);
  });

  it('runs only on a mobile viewport, when the text overflows, and never under reduced motion', () => {
    expect(shouldMarquee(375, 900, 300, false)).toBe(true);
    expect(shouldMarquee(767, 900, 300, false)).toBe(true);
    expect(shouldMarquee(768, 900, 300, false)).toBe(false);
    expect(shouldMarquee(375, 280, 300, false)).toBe(false);
    expect(shouldMarquee(375, 900, 300, true)).toBe(false);
  });
});

describe('page key and sanitiser link rule (SPEC §2, §3)', () => {
  it('keys the home page only', () => {
    expect(announcementPageKey('/')).toBe(HOME_PAGE_KEY);
    expect(announcementPageKey('/trade/BTC_USDT')).toBeNull();
    expect(announcementPageKey('/login')).toBeNull();
  });

  it('keeps safe links under the language prefix and drops unsafe ones', () => {
    expect(announcementHref('/trade/BTC_USDT', '/ar')).toEqual({
      href: '/ar/trade/BTC_USDT',
      external: false,
    });
    expect(announcementHref('https://www.exchange.example/fee', '')).toEqual({
      href: 'https://www.exchange.example/fee',
      external: true,
    });
    for (const bad of [
      'javascript:alert(1)',
      'data:text/html,x',
      '//evil.example',
      'https://evil.example',
      null,
    ])
      expect(announcementHref(bad, '')).toBeNull();
  });

  it('allows only a few inline tags and href', () => {
    expect(ANNOUNCEMENT_PURIFY_CONFIG.ALLOWED_TAGS).not.toContain('script');
    expect(ANNOUNCEMENT_PURIFY_CONFIG.ALLOWED_TAGS).not.toContain('img');
    expect(ANNOUNCEMENT_PURIFY_CONFIG.ALLOWED_ATTR).toEqual(['href']);
  });

  it("gives the browser's sanitiser the same tags and href only, no comments or data-*", () => {
    expect(ANNOUNCEMENT_SANITIZER_CONFIG.elements).toEqual(ANNOUNCEMENT_PURIFY_CONFIG.ALLOWED_TAGS);
    expect(ANNOUNCEMENT_SANITIZER_CONFIG.attributes).toEqual(['href']);
    expect(ANNOUNCEMENT_SANITIZER_CONFIG.comments).toBe(false);
    expect(ANNOUNCEMENT_SANITIZER_CONFIG.dataAttributes).toBe(false);
    // Unwrapped elements keep only their text: none whose content is code, a document, a field's value or media.
    for (const tag of [
      'script',
      'style',
      'template',
      'iframe',
      'svg',
      'math',
      'img',
      'input',
      'textarea',
      'select',
    ])
      expect(REPLACE_WITH_CHILDREN as readonly string[]).not.toContain(tag);
    expect(REPLACE_WITH_CHILDREN.filter((t) => (ANNOUNCEMENT_TAGS as readonly string[]).includes(t))).toEqual(
      [],
    );
  });
});
