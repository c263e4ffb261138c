// Message list text (src/messages/message-text.ts): the plain-text preview (SPEC §3 'Message item', rendered as
// text) and the relative send time in the current locale (Intl.RelativeTimeFormat).
import { describe, expect, it } from 'vitest';
import { PREVIEW_MAX_CHARS, previewText, relativeTime } from '../../src/messages/message-text.ts';

describe('previewText', () => {
  it('drops tags, decodes entities and collapses whitespace into one line', () => {
    expect(previewText('<b>BTC</b>\n  up &amp; <i>away</i> &lt;3 &#8364;')).toBe('BTC up & away <3 €');
  });

  it('keeps hostile markup as inert text without tags', () => {
    expect(previewText('<img src=x onerror=alert(1)>Hi<script>alert(2)</script>')).toBe('Hi alert(2)');
  });

  it('cuts long content with an ellipsis', () => {
    const out = previewText('a'.repeat(500));
    expect(out).toHaveLength(PREVIEW_MAX_CHARS);
    expect(out.endsWith('…')).toBe(true);
  });
});

describe('relativeTime', () => {
  const now = Date.UTC(2025, 5, 1, 12, 0, 0);
  const ago = (s: number) => now / 1000 - s;

  it('picks the largest whole unit, in English', () => {
    expect(relativeTime(ago(10), now, 'en')).toBe('now');
    expect(relativeTime(ago(5 * 60), now, 'en')).toBe('5 minutes ago');
    expect(relativeTime(ago(3 * 3600), now, 'en')).toBe('3 hours ago');
    expect(relativeTime(ago(86400 + 60), now, 'en')).toBe('yesterday');
    expect(relativeTime(ago(9 * 86400), now, 'en')).toBe('last week');
    expect(relativeTime(ago(400 * 86400), now, 'en')).toBe('last year');
  });

  it('reads a future time (clock skew) as now', () => {
    expect(relativeTime(ago(-300), now, 'en')).toBe('now');
  });

  it('speaks the current locale', () => {
    expect(relativeTime(ago(2 * 3600), now, 'de')).toBe('vor 2 Stunden');
    expect(relativeTime(ago(2 * 3600), now, 'zh')).toBe('2小时前');
    expect(relativeTime(ago(2 * 3600), now, 'ar')).toMatch(/ساع/);
  });
});
