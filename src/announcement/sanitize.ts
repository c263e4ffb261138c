/**
 * Sanitiser of the announcement's HTML (SPEC §3 'Announcement' content; ARCHITECTURE.md 'Security at the edges'): a few inline
 * tags survive and, on links, only `href`, which must pass the notification resolver's URL rule (resolveDataLink:
 * same-origin path or allow-listed https host, under the language prefix). A link that fails loses its `href` and
 * stays as plain text. Everything else (scripts, event handlers, styles, iframes, forms, SVG, comments) goes.
 *
 * Two engines, one rule set: the browser's own HTML Sanitizer (`Element.setHTML`, Chromium 146+ and Firefox 148+)
 * where it exists, which costs no script; DOMPurify (./sanitize-purify.ts, a chunk fetched only then) elsewhere.
 * Text inside a removed element is kept (DOMPurify's KEEP_CONTENT; for the browser's sanitiser, the common text
 * elements of REPLACE_WITH_CHILDREN), except inside elements whose content is code or a document of its own
 * (script, style, template, iframe, SVG, MathML, …), which go with their content in both. The one known difference:
 * an element neither allowed nor listed below (a custom element, say) keeps its text in DOMPurify and loses it in
 * the browser's sanitiser. e2e/announcement.spec.ts runs the same hostile HTML through both and compares.
 */
import { resolveDataLink } from '../lib/data-link.ts';

/** Inline tags an announcement may use. */
export const ANNOUNCEMENT_TAGS = ['a', 'b', 'strong', 'i', 'em', 'u', 'span', 'br'] as const;

/** Elements whose tags go and whose text stays (browser sanitiser): HTML's text and layout elements. */
export const REPLACE_WITH_CHILDREN = [
  'abbr',
  'address',
  'article',
  'aside',
  'bdi',
  'bdo',
  'big',
  'blink',
  'blockquote',
  'button',
  'caption',
  'center',
  'cite',
  'code',
  'data',
  'dd',
  'del',
  'details',
  'dfn',
  'div',
  'dl',
  'dt',
  'fieldset',
  'figcaption',
  'figure',
  'form',
  'font',
  'footer',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hgroup',
  'ins',
  'kbd',
  'label',
  'legend',
  'li',
  'main',
  'mark',
  'marquee',
  'menu',
  'nav',
  'nobr',
  'ol',
  'p',
  'pre',
  'q',
  'rp',
  'rt',
  'ruby',
  's',
  'samp',
  'section',
  'small',
  'strike',
  'sub',
  'summary',
  'sup',
  'table',
  'tbody',
  'td',
  'tfoot',
  'th',
  'thead',
  'time',
  'tr',
  'tt',
  'ul',
  'var',
  'wbr',
] as const;

/** The browser sanitiser's configuration (SanitizerConfig): the tags above, `href` only, no comments or data-*. */
export const ANNOUNCEMENT_SANITIZER_CONFIG = {
  elements: [...ANNOUNCEMENT_TAGS],
  replaceWithChildrenElements: [...REPLACE_WITH_CHILDREN],
  attributes: ['href'],
  comments: false,
  dataAttributes: false,
};

/** The `href` a link keeps (null: drop it). External (absolute) links open in a new tab. */
export function announcementHref(
  href: string | null,
  langPrefix: string,
): { href: string; external: boolean } | null {
  const safe = resolveDataLink(href, langPrefix);
  return safe === null ? null : { href: safe, external: !safe.startsWith('/') };
}

/** Applies the link rule to a sanitised `<a>`: its `href` through announcementHref, new tab for external links. */
export function applyLinkRule(link: Element, langPrefix: string): void {
  const target = announcementHref(link.getAttribute('href'), langPrefix);
  if (!target) {
    link.removeAttribute('href');
    return;
  }
  link.setAttribute('href', target.href);
  if (target.external) {
    link.setAttribute('target', '_blank');
    link.setAttribute('rel', 'noopener noreferrer');
  }
}

type SetHtml = (html: string, options: { sanitizer: typeof ANNOUNCEMENT_SANITIZER_CONFIG }) => void;

/** True when this browser has the HTML Sanitizer API (`Element.prototype.setHTML`). */
export function hasPlatformSanitizer(): boolean {
  // The standard API (Sanitizer with `get()`), not the older draft some browsers shipped behind a flag, whose
  // configuration keys differ (it would ignore ours).
  const sanitizer = (globalThis as { Sanitizer?: { prototype?: { get?: unknown } } }).Sanitizer;
  return (
    typeof Element !== 'undefined' &&
    typeof (Element.prototype as { setHTML?: unknown }).setHTML === 'function' &&
    typeof sanitizer?.prototype?.get === 'function'
  );
}

const ALLOWED = new Set<string>(ANNOUNCEMENT_TAGS);
const LINK_ATTRIBUTES = new Set(['href', 'target', 'rel']);

/** True when every element of `box` is an allowed tag with allowed attributes only (after the link rule). */
function onlyAllowed(box: Element): boolean {
  for (const el of box.querySelectorAll('*')) {
    if (el.namespaceURI !== 'http://www.w3.org/1999/xhtml' || !ALLOWED.has(el.localName)) return false;
    for (const attr of el.attributes)
      if (el.localName !== 'a' || !LINK_ATTRIBUTES.has(attr.name)) return false;
  }
  return true;
}

/**
 * Sanitises `html` with the browser's HTML Sanitizer, in an inert document (nothing loads or runs), then applies the
 * link rule. Returns HTML safe for innerHTML, or null when the result holds anything outside the allow-list (a
 * sanitiser that does not follow the standard: the caller then uses DOMPurify). Throws when the API is missing
 * (check hasPlatformSanitizer first).
 */
export function sanitizeWithPlatform(html: string, langPrefix: string): string | null {
  const box = document.implementation.createHTMLDocument('').createElement('div');
  (box as unknown as { setHTML: SetHtml }).setHTML(html, { sanitizer: ANNOUNCEMENT_SANITIZER_CONFIG });
  for (const link of box.querySelectorAll('a')) applyLinkRule(link, langPrefix);
  return onlyAllowed(box) ? box.innerHTML : null;
}

/**
 * Sanitises `html` for insertion with innerHTML, with the browser's sanitiser or else DOMPurify (fetched on first
 * use; also when the browser's throws or leaves markup outside the allow-list). Needs a DOM (browser). Resolves to '' when neither is usable; rejects when DOMPurify's chunk fails to load.
 */
export async function sanitizeAnnouncement(html: string, langPrefix: string): Promise<string> {
  if (hasPlatformSanitizer()) {
    try {
      const clean = sanitizeWithPlatform(html, langPrefix);
      if (clean !== null) return clean;
      console.warn("[announcement] the browser's sanitiser left disallowed markup; using DOMPurify");
    } catch (err) {
      console.warn("[announcement] the browser's sanitiser failed; using DOMPurify", err);
    }
  }
  const { sanitizeWithPurify } = await import('./sanitize-purify.ts');
  return sanitizeWithPurify(html, langPrefix);
}
