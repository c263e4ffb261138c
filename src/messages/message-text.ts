/**
 * Text helpers of the message list (SPEC §3 'Message item'): the one-line content preview and the relative send
 * time. Pure: the clock and the locale are arguments.
 */
import type { Locale } from '../../common/domain/locales.ts';

/** Longest preview kept, characters (the row shows one line with an ellipsis anyway). */
export const PREVIEW_MAX_CHARS = 160;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/**
 * A message's content as one line of plain text: tags dropped, the common entities decoded, whitespace collapsed,
 * cut at PREVIEW_MAX_CHARS with an ellipsis. The result is rendered as a text node, never as HTML.
 */
export function previewText(content: string): string {
  const text = content
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(amp|lt|gt|quot|apos|nbsp);/g, (_, name: string) => ENTITIES[name] ?? '')
    .replace(/&#(\d{1,6});/g, (_, code: string) => {
      const n = Number(code);
      return n > 0 && n <= 0x10ffff ? String.fromCodePoint(n) : '';
    })
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > PREVIEW_MAX_CHARS ? `${text.slice(0, PREVIEW_MAX_CHARS - 1)}…` : text;
}

/** BCP 47 tags for Intl where our locale code is not one (SPEC §9 mapping: zh → Simplified, pt → Portugal). */
const INTL_TAGS: Partial<Record<Locale, string>> = {
  zh: 'zh-CN',
  'zh-tw': 'zh-TW',
  pt: 'pt-PT',
  'pt-br': 'pt-BR',
};

/** The Intl language tag of a UI locale. */
export function intlTag(locale: Locale): string {
  return INTL_TAGS[locale] ?? locale;
}

const UNITS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86400],
  ['month', 30 * 86400],
  ['week', 7 * 86400],
  ['day', 86400],
  ['hour', 3600],
  ['minute', 60],
];

/**
 * How long ago `sendTimestS` (unix seconds) was at `nowMs` (unix ms), in `locale` with Intl.RelativeTimeFormat
 * ('5 minutes ago', 'yesterday', 'منذ ساعتين'). Under a minute, or a time in the future (clock skew), reads 'now'.
 */
export function relativeTime(sendTimestS: number, nowMs: number, locale: Locale): string {
  const format = new Intl.RelativeTimeFormat(intlTag(locale), { numeric: 'auto' });
  const ageS = Math.max(0, Math.floor(nowMs / 1000 - sendTimestS));
  for (const [unit, seconds] of UNITS) {
    if (ageS >= seconds) return format.format(-Math.floor(ageS / seconds), unit);
  }
  return format.format(0, 'second');
}
