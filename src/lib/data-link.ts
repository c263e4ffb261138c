/**
 * Links from data under the current language prefix (SPEC §2 routes, §3 'Announcement' and 'Notification'): every URL
 * from the server passes the one URL policy (common/url-policy.ts `safeUrl` with LINK_HOSTS): only a same-origin
 * path or an https URL of an allow-listed host survives; `javascript:`, `data:`, `//host`, backslashes and encoded
 * tricks give null. Shared by the announcement bar and the message centre (src/messages/resolve-link.ts), and kept
 * apart from the message templates so the bar's chunk carries none of them. Pure.
 */
import { LINK_HOSTS } from '../../common/domain/hosts.ts';
import { isLocale } from '../../common/domain/locales.ts';
import { parseRoute, withLangPrefix } from '../../common/domain/route.ts';
import { safePath, safeUrl } from '../../common/url-policy.ts';

/** `''` or `/{locale}` (not English); anything else is treated as no prefix. */
function cleanPrefix(langPrefix: string): string {
  const locale = langPrefix.slice(1);
  return langPrefix.startsWith('/') && isLocale(locale) && locale !== 'en' ? langPrefix : '';
}

/**
 * Puts a path under `langPrefix` (`''` or `/zh`…), replacing any language prefix it already had: the prefixed path,
 * or null when the result is not a safe same-origin path. Never throws.
 */
export function prefixPath(path: string, langPrefix: string): string | null {
  const { path: bare } = parseRoute(path);
  return safePath(withLangPrefix(cleanPrefix(langPrefix), bare));
}

/**
 * A link from data (`extras.url`, an announcement link or `href`) under the current language prefix: a same-origin
 * path, or an https URL of an allow-listed host (LINK_HOSTS) whose path gets the prefix too. Null for anything the
 * URL policy refuses. Never throws.
 */
export function resolveDataLink(value: unknown, langPrefix: string): string | null {
  const safe = safeUrl(value, LINK_HOSTS);
  if (safe === null) return null;
  if (safe.startsWith('/')) return prefixPath(safe, langPrefix);
  const url = new URL(safe);
  const path = prefixPath(url.pathname, langPrefix);
  if (path === null) return null;
  url.pathname = path;
  return safeUrl(url.href, LINK_HOSTS);
}
