/**
 * Cookies a page load (HTML, not API) must carry, decided from the request alone so that the vite dev/preview
 * middleware and the production server (server/start.ts) agree: the CSRF token, and the sub-site chosen with
 * `?sub_website_id=N` (SPEC §1), kept in a cookie.
 */
import { CSRF_COOKIE, newCsrfToken } from './csrf.ts';

export const SUB_SITE_COOKIE = 'sub_website_id';
const ONE_YEAR_S = 31536000;

/** Returns Set-Cookie header values for a page request given its URL and parsed request cookies. */
export function pageSetCookies(url: URL, cookies: Record<string, string | undefined>): string[] {
  const out: string[] = [];
  if (!cookies[CSRF_COOKIE]) out.push(`${CSRF_COOKIE}=${newCsrfToken()}; Path=/; SameSite=Strict`);
  const site = url.searchParams.get('sub_website_id');
  if (site !== null && /^\d{1,6}$/.test(site)) {
    out.push(`${SUB_SITE_COOKIE}=${site}; Path=/; Max-Age=${ONE_YEAR_S}; SameSite=Lax`);
  }
  return out;
}

/** Minimal Cookie header parser (name → decoded value). */
export function parseCookieHeader(header: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq <= 0) continue;
    const name = part.slice(0, eq).trim();
    try {
      out[name] = decodeURIComponent(part.slice(eq + 1).trim());
    } catch {
      out[name] = part.slice(eq + 1).trim();
    }
  }
  return out;
}
