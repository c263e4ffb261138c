/**
 * The page logout, GET/POST /logout (SPEC §4 session cleanup; docs/SECURITY.md 'V3.5'). The page's own cleanup calls
 * `GET /logout?redirect=/zh/login&csrf=TOKEN` with the token bound to the visitor: the session ends, the HttpOnly
 * `sign` cookie is cleared, the CSRF token rotates, and the answer is a 302 to the redirect (same-origin paths only,
 * common/url-policy.ts). Without a valid token — a link on another site — nothing ends: the visitor gets a
 * confirmation page whose POST form carries the token. A visitor with no session is simply redirected.
 */
import { readFileSync } from 'node:fs';
import { Hono, type Context } from 'hono';
import { requestCookie, requestCookies } from '../cookie-parse.ts';
import { html } from 'hono/html';
import { safePath } from '../../common/url-policy.ts';
import { USER_API } from '../../common/wire/endpoints.ts';
import { localeDirection, type Locale } from '../../common/domain/locales.ts';
import { parseRoute, withLangPrefix } from '../../common/domain/route.ts';
import { SIGN_COOKIE } from '../cookie-names.ts';
import { csrfBindingId, csrfTokenFor, csrfValid, rotateCsrf } from '../csrf.ts';
import { clearSessionCookies } from '../request-context.ts';
import type { SessionBackend } from '../sessions.ts';

/** Where a logout lands when the redirect is absent or unsafe. */
export const DEFAULT_LOGOUT_TARGET = '/login';

/** The redirect target if it is a safe same-origin path (normalised by the URL policy), else null. */
export function safeRedirect(value: string | undefined): string | null {
  return safePath(value);
}

interface ConfirmText {
  title: string;
  lead: string;
  logout: string;
  cancel: string;
}

const textCache = new Map<Locale, ConfirmText>();

/** The confirmation page's strings from the app's `account` catalogue (src/i18n/locales/{locale}/account.json). */
function confirmText(locale: Locale): ConfirmText {
  let text = textCache.get(locale);
  if (!text) {
    const url = new URL(`../../src/i18n/locales/${locale}/account.json`, import.meta.url);
    const cat = JSON.parse(readFileSync(url, 'utf8')) as {
      logout: string;
      logoutConfirm: { title: string; lead: string; cancel: string };
    };
    text = { ...cat.logoutConfirm, logout: cat.logout };
    textCache.set(locale, text);
  }
  return text;
}

function confirmPage(c: Context, target: string, status: 200 | 403): Response | Promise<Response> {
  const { locale, langPrefix } = parseRoute(target.split(/[?#]/)[0]!);
  const t = confirmText(locale);
  const binding = csrfBindingId(requestCookies(c));
  const token = binding ? csrfTokenFor(binding) : '';
  c.header('Cache-Control', 'no-store');
  const page = html`<!doctype html>
    <html lang="${locale}" dir="${localeDirection(locale)}">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>${t.title}</title>
      </head>
      <body>
        <main>
          <h1>${t.title}</h1>
          <p>${t.lead}</p>
          <form method="post" action="/logout">
            <input type="hidden" name="csrf" value="${token}" />
            <input type="hidden" name="redirect" value="${target}" />
            <button type="submit">${t.logout}</button>
          </form>
          <p><a href="${withLangPrefix(langPrefix, '/')}">${t.cancel}</a></p>
        </main>
      </body>
    </html>`;
  return c.html(page, status);
}

/** Ends this device's session, rotates the CSRF token and redirects (302 for GET, 303 after the POST form). */
async function endAndRedirect(
  c: Context,
  store: SessionBackend,
  target: string,
  status: 302 | 303,
): Promise<Response> {
  await store.delete(requestCookie(c, SIGN_COOKIE));
  clearSessionCookies(c);
  rotateCsrf(c);
  c.header('Cache-Control', 'no-store');
  return c.redirect(target, status);
}

/** The /logout sub-app over `store`. */
export function pageLogoutRoutes(store: SessionBackend, path: string = USER_API.pageLogout): Hono {
  const app = new Hono();

  app.get(path, async (c) => {
    const target = safeRedirect(c.req.query('redirect')) ?? DEFAULT_LOGOUT_TARGET;
    const cookies = requestCookies(c);
    if (!cookies[SIGN_COOKIE]) {
      // Nothing to end; the token stays (a forged link must not even rotate an anonymous visitor's token).
      clearSessionCookies(c);
      return c.redirect(target, 302);
    }
    if (csrfValid(cookies, c.req.query('csrf'))) return endAndRedirect(c, store, target, 302);
    return confirmPage(c, target, 200);
  });

  app.post(path, async (c) => {
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const field = (name: string) => (typeof form[name] === 'string' ? form[name] : undefined);
    const target = safeRedirect(field('redirect')) ?? DEFAULT_LOGOUT_TARGET;
    if (!csrfValid(requestCookies(c), field('csrf'))) return confirmPage(c, target, 403);
    return endAndRedirect(c, store, target, 303);
  });

  return app;
}
