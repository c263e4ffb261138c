/**
 * Sanitiser of the announcement's HTML (SPEC §3 'Announcement' content; DESIGN 'Security at the edges'): DOMPurify
 * keeps a few inline tags and, on links, only `href`, which must pass the notification resolver's URL rule
 * (resolveDataLink: same-origin path or allow-listed https host, under the language prefix). A link that fails
 * loses its `href` and stays as plain text. Everything else (scripts, event handlers, styles, iframes, forms) goes.
 */
import DOMPurify, { type Config } from 'dompurify';
import { resolveDataLink } from '../messages/resolve-link.ts';

/** Inline tags an announcement may use. */
export const ANNOUNCEMENT_TAGS = ['a', 'b', 'strong', 'i', 'em', 'u', 'span', 'br'] as const;

/** DOMPurify settings: the tags above, `href` only, no data attributes, no unknown protocols. */
export const ANNOUNCEMENT_PURIFY_CONFIG: Config = {
  ALLOWED_TAGS: [...ANNOUNCEMENT_TAGS],
  ALLOWED_ATTR: ['href'],
  ALLOW_DATA_ATTR: false,
  ALLOW_UNKNOWN_PROTOCOLS: false,
};

/** The `href` a link keeps (null: drop it). External (absolute) links open in a new tab. */
export function announcementHref(
  href: string | null,
  langPrefix: string,
): { href: string; external: boolean } | null {
  const safe = resolveDataLink(href, langPrefix);
  return safe === null ? null : { href: safe, external: !safe.startsWith('/') };
}

/**
 * Sanitises `html` for insertion with innerHTML. Needs a DOM (browser); `purify` is the DOMPurify instance (tests
 * may pass one bound to another window). Returns '' when DOMPurify is unsupported.
 */
export function sanitizeAnnouncement(html: string, langPrefix: string, purify = DOMPurify): string {
  if (!purify.isSupported) return '';
  purify.addHook('afterSanitizeAttributes', (node) => {
    if (node.nodeName !== 'A') return;
    const link = announcementHref(node.getAttribute('href'), langPrefix);
    if (!link) {
      node.removeAttribute('href');
      return;
    }
    node.setAttribute('href', link.href);
    if (link.external) {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
    }
  });
  try {
    return purify.sanitize(html, ANNOUNCEMENT_PURIFY_CONFIG);
  } finally {
    purify.removeHook('afterSanitizeAttributes');
  }
}
