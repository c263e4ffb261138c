/**
 * The page HTML around the server render (ARCHITECTURE.md 'The reference server'): the built index.html (its hashed script and
 * stylesheet tags come from Vite's build, so no manifest lookup is needed) with `<html lang dir data-theme>` set for
 * the request, the localized meta description, the rendered app inside `#root` and the boot data as one JSON block.
 * Pure string work; the page loader's inline scripts are left byte-for-byte intact so their CSP hashes stay valid.
 */
import { localeDirection, type Locale } from '../../common/domain/locales.ts';
import { DEFERRED_MODULE_TYPE } from '../../common/page-loader.ts';

/** What goes into the page. `rootHtml`/`bootJson` are absent for the client-rendered shell. */
export interface PageParts {
  locale: Locale;
  /** `light` | `dark`; absent: left to the inline theme script. */
  theme?: 'light' | 'dark';
  /** Localized meta description (plain text; escaped here). */
  description?: string;
  /** Server-rendered markup for `#root`. */
  rootHtml?: string;
  /** Serialized boot data (already `<`-escaped: src/state/boot-data.ts serializeBootData). */
  bootJson?: string;
  /** Element id of the boot data block. */
  bootId?: string;
}

/** Escapes text for an HTML attribute value or text node. */
export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!,
  );
}

/** The entry module script (with `src`) and the modulepreload links of the built page (any attribute order). */
const HYDRATION_SCRIPT = /<script\b(?=[^>]*\btype="module")(?=[^>]*\bsrc=)([^>]*)><\/script>/gi;
const MODULE_PRELOAD = /<link\b(?=[^>]*\brel="modulepreload")([^>]*)>/gi;

/** A modulepreload link for `url` at low priority (see deferHydrationScripts). */
const lowPriorityPreload = (url: string) =>
  `<link rel="modulepreload" crossorigin href="${url}" fetchpriority="low">`;

/**
 * Makes the page's hydration scripts wait for the first contentful paint without waiting for their bytes: the entry
 * `<script type="module" src>` becomes `<script type="mh-deferred-module" src>` (a type no browser runs or fetches)
 * followed by a modulepreload link for it, and every modulepreload link (the entry's and its static imports') is
 * fetched at low priority (`fetchpriority="low"`). So the first-load modules download and compile (streamed, off the
 * main thread) while the page parses and paints, after the page's own bytes, and a page-load audit counts none as
 * holding up a paint; but none is evaluated before it: the page loader's script at the end of index.html's body
 * (src/loader/start-hydration.ts) turns the entry back into a module script when the paint-timing entry for the
 * first contentful paint arrives (a hidden tab at once; 3 s at most), and the modules then run from the module map.
 * Used for a server-rendered page only: its first paint needs no script (the markup and the inline CSS are all
 * there). The client-rendered shell keeps its scripts as built: it cannot paint without them. Pure string work; the
 * page's inline scripts (their CSP hashes) are untouched.
 */
export function deferHydrationScripts(html: string): string {
  return html
    .replace(MODULE_PRELOAD, (_tag, attrs: string) => {
      const rest = attrs.replace(/\s*\bfetchpriority="[^"]*"/i, '');
      return `<link${rest} fetchpriority="low">`;
    })
    .replace(HYDRATION_SCRIPT, (_tag, attrs: string) => {
      const rest = attrs.replace(/\s*\btype="module"/i, '').replace(/\s*\bfetchpriority="[^"]*"/i, '');
      const src = /\bsrc="([^"]+)"/i.exec(attrs)?.[1];
      return `<script type="${DEFERRED_MODULE_TYPE}"${rest}></script>${src ? lowPriorityPreload(src) : ''}`;
    });
}

/** The `type` of an inert entry script; the page loader (src/loader/start-hydration.ts) looks for it. */
export { DEFERRED_MODULE_TYPE };

/**
 * Fills `template` (the built index.html) with `parts`. The template must hold `<html …>` and
 * `<div id="root"></div>`; a missing meta description is inserted after `<meta charset>`. With `rootHtml` (a
 * server-rendered page) the hydration scripts start after the first paint (deferHydrationScripts).
 */
export function pageHtml(template: string, parts: PageParts): string {
  const theme = parts.theme ? ` data-theme="${parts.theme}"` : '';
  let html = template.replace(
    /<html\b[^>]*>/i,
    `<html lang="${parts.locale}" dir="${localeDirection(parts.locale)}"${theme}>`,
  );
  if (parts.description !== undefined) {
    const meta = `<meta name="description" content="${escapeHtml(parts.description)}" />`;
    html = /<meta\s+name="description"[^>]*>/i.test(html)
      ? html.replace(/<meta\s+name="description"[^>]*>/i, meta)
      : html.replace(/(<meta\s+charset[^>]*>)/i, `$1\n    ${meta}`);
  }
  if (parts.rootHtml !== undefined) {
    const boot =
      parts.bootJson !== undefined
        ? `<script type="application/json" id="${parts.bootId ?? 'mh-boot'}">${parts.bootJson}</script>`
        : '';
    // A function replacement: `$` in the markup must not be read as a replacement pattern.
    html = html.replace('<div id="root"></div>', () => `<div id="root">${parts.rootHtml}</div>${boot}`);
    html = deferHydrationScripts(html);
  }
  return html;
}
