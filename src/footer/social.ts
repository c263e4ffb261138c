/**
 * The exchange's social accounts for the footer icons (SPEC §2 'social icons'; hidden by SPEC §6 rule
 * `social-icons-hidden-uk-limit-or-regions`). Deployment settings like common/domain/hosts.ts: an operator replaces
 * the handles. Each glyph is one 24-unit filled path. Pure data.
 */

/** One social account. */
export interface SocialAccount {
  key: 'x' | 'telegram' | 'discord' | 'youtube' | 'linkedin' | 'facebook' | 'instagram';
  /** Accessible name (a brand name, not translated). */
  label: string;
  href: string;
  /** SVG path, 24×24 view box, filled with currentColor (even-odd). */
  glyph: string;
}

/** The accounts, in display order. */
export const SOCIAL_ACCOUNTS: readonly SocialAccount[] = [
  { key: 'x', label: 'X', href: 'https://x.com/exchange_example', glyph: 'M17.8 3h3.1l-6.8 7.7L22 21h-6.2l-4.9-6.4L5.3 21H2.2l7.2-8.3L1.8 3h6.4l4.4 5.8zm-1.1 16.2h1.7L7.3 4.7H5.5z' },
  { key: 'telegram', label: 'Telegram', href: 'https://t.me/exchange_example', glyph: 'M21.9 4.3l-3.2 15.1c-.2 1-.9 1.3-1.8.8l-4.9-3.6-2.4 2.3c-.3.3-.5.5-1 .5l.3-5 9.2-8.3c.4-.4-.1-.6-.6-.2L6.1 13.1l-4.9-1.5c-1-.3-1.1-1 .2-1.5L20.6 2.7c.9-.3 1.7.2 1.3 1.6z' },
  { key: 'discord', label: 'Discord', href: 'https://discord.gg/exchange-example', glyph: 'M20.3 4.4A19.6 19.6 0 0 0 15.4 3l-.6 1.3a18 18 0 0 0-5.6 0L8.6 3a19.6 19.6 0 0 0-4.9 1.5C.6 9.2-.3 13.8.1 18.3a19.8 19.8 0 0 0 6 3l1.3-2.1a12.8 12.8 0 0 1-2-1l.5-.4a14 14 0 0 0 12.2 0l.5.4a12.8 12.8 0 0 1-2 1l1.3 2.1a19.7 19.7 0 0 0 6-3c.5-5.2-.8-9.8-3.6-13.9zM8 15.5c-1.2 0-2.2-1.1-2.2-2.4s1-2.4 2.2-2.4 2.2 1.1 2.2 2.4-1 2.4-2.2 2.4zm8 0c-1.2 0-2.2-1.1-2.2-2.4s1-2.4 2.2-2.4 2.2 1.1 2.2 2.4-1 2.4-2.2 2.4z' },
  { key: 'youtube', label: 'YouTube', href: 'https://www.youtube.com/@exchange_example', glyph: 'M23 7.2a3 3 0 0 0-2.1-2.1C19 4.6 12 4.6 12 4.6s-7 0-8.9.5A3 3 0 0 0 1 7.2 31 31 0 0 0 .5 12 31 31 0 0 0 1 16.8a3 3 0 0 0 2.1 2.1c1.9.5 8.9.5 8.9.5s7 0 8.9-.5a3 3 0 0 0 2.1-2.1c.4-1.6.5-4.8.5-4.8s0-3.2-.5-4.8zM9.7 15.1V8.9l5.8 3.1z' },
  { key: 'linkedin', label: 'LinkedIn', href: 'https://www.linkedin.com/company/exchange-example', glyph: 'M5 3.5a2.5 2.5 0 1 1 0 5 2.5 2.5 0 0 1 0-5zM3 9.5h4V21H3zm6.5 0h3.8v1.6h.1c.5-1 1.8-2 3.8-2 4 0 4.8 2.6 4.8 6V21h-4v-5.1c0-1.2 0-2.8-1.7-2.8s-2 1.3-2 2.7V21h-4z' },
  { key: 'facebook', label: 'Facebook', href: 'https://www.facebook.com/exchange.example', glyph: 'M14 8.5V6.6c0-.9.6-1.1 1-1.1h2.6V1.6L14 1.5c-4 0-4.9 3-4.9 4.9v2.1H6.8v4h2.3v10h4.9v-10h3.3l.4-4z' },
  { key: 'instagram', label: 'Instagram', href: 'https://www.instagram.com/exchange.example', glyph: 'M7 2h10a5 5 0 0 1 5 5v10a5 5 0 0 1-5 5H7a5 5 0 0 1-5-5V7a5 5 0 0 1 5-5zm0 2a3 3 0 0 0-3 3v10a3 3 0 0 0 3 3h10a3 3 0 0 0 3-3V7a3 3 0 0 0-3-3zm5 3.5a4.5 4.5 0 1 1 0 9 4.5 4.5 0 0 1 0-9zm0 2a2.5 2.5 0 1 0 0 5 2.5 2.5 0 0 0 0-5zm5.5-4a1 1 0 1 1 0 2 1 1 0 0 1 0-2z' },
]; // prettier-ignore
