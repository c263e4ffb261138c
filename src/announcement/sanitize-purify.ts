/**
 * The announcement sanitiser for browsers without the HTML Sanitizer API (SPEC §3 'Announcement' content; the rules
 * are in ./sanitize.ts): DOMPurify with the same tags, `href` only, and the same link rule in its attribute hook.
 * A chunk of its own, fetched only where the browser's sanitiser is missing.
 */
import DOMPurify, { type Config } from 'dompurify';
import { ANNOUNCEMENT_TAGS, applyLinkRule } from './sanitize.ts';

/** DOMPurify settings: the allowed tags, `href` only, no data attributes, no unknown protocols. */
export const ANNOUNCEMENT_PURIFY_CONFIG: Config = {
  ALLOWED_TAGS: [...ANNOUNCEMENT_TAGS],
  ALLOWED_ATTR: ['href'],
  ALLOW_DATA_ATTR: false,
  ALLOW_UNKNOWN_PROTOCOLS: false,
};

/**
 * Sanitises `html` for insertion with innerHTML. Needs a DOM (browser); `purify` is the DOMPurify instance (tests
 * may pass one bound to another window). Returns '' when DOMPurify is unsupported.
 */
export function sanitizeWithPurify(html: string, langPrefix: string, purify = DOMPurify): string {
  if (!purify.isSupported) return '';
  purify.addHook('afterSanitizeAttributes', (node) => {
    if (node.nodeName === 'A') applyLinkRule(node, langPrefix);
  });
  try {
    return purify.sanitize(html, ANNOUNCEMENT_PURIFY_CONFIG);
  } finally {
    purify.removeHook('afterSanitizeAttributes');
  }
}
