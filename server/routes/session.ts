/**
 * Session routes (SPEC §6, §7; docs/API.md): demo login as a persona, the user's info, account mode and cross-margin
 * info, and the three logouts of SPEC §7. Sessions are cookies `sign` (HttpOnly id) + `pver` (server/sessions.ts).
 *
 * - POST /api/web/v1/usercenter/demo_login (form: persona, [account]) → {code: 200, data: {persona, uid}} + cookies
 * - GET  /api/web/v1/usercenter/get_info → {code: 200, data: UserInfo} (anonymous: is_login false, is_sub 0)
 * - GET  /apiw/v2/unified/account_mode → {code: 200, data: AccountMode} | 401
 * - GET  /apiweb/v1/spot/cross_margin/info → {code: 200, data: CrossMarginInfo} | 401
 * - POST /api/web/v1/usercenter/logout (form-encoded) → {code: 200} and this device's session ends
 * - GET  /api/web/v1/usercenter/logoutAll → {code: 200, data: {sessions: n}}: every device of the user
 * - GET  /logout?redirect=/zh/login&csrf=TOKEN → 302 to the same-origin redirect (default /login); without the token a
 *   confirmation page with a POST form (server/routes/logout-page.ts)
 * Sign-in is rate-limited per client (`limiter`, server/login-limit.ts) and gives a new session id; sign-in and both
 * API logouts rotate the CSRF token (server/csrf.ts).
 */
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { requestCookie } from '../cookie-parse.ts';
import { USER_API } from '../../common/wire/endpoints.ts';
import { isPersonaName, PERSONAS_BY_NAME } from '../personas.ts';
import { clearSessionCookies, requestSession, setSessionCookies, SIGN_COOKIE } from '../request-context.ts';
import { SESSIONS, type SessionBackend } from '../sessions.ts';
import { rotateCsrf } from '../csrf.ts';
import { pageLogoutRoutes } from './logout-page.ts';
import { ok } from './site.ts';

export { safeRedirect } from './logout-page.ts';

async function formField(c: Context, name: string): Promise<string | undefined> {
  try {
    const body = await c.req.parseBody();
    const v = body[name];
    return typeof v === 'string' ? v : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Returns the session sub-app. `store` defaults to the process's session store; `limiter` guards sign-in (default: no
 * limit, for callers that apply their own).
 */
export function sessionRoutes(
  store: SessionBackend = SESSIONS,
  limiter: MiddlewareHandler = (_c, next) => next(),
): Hono {
  const app = new Hono();
  const unauthorised = (c: Context) => c.json({ code: 401, message: 'login required' }, 401);

  app.post(USER_API.demoLogin, limiter, async (c) => {
    const persona = await formField(c, 'persona');
    const known = isPersonaName(persona) ? PERSONAS_BY_NAME.get(persona) : undefined;
    if (!isPersonaName(persona) || !known) return c.json({ code: 400, message: 'unknown persona' }, 400);
    const account = ((await formField(c, 'account')) ?? '').slice(0, 64);
    await store.delete(requestCookie(c, SIGN_COOKIE));
    const session = await store.create(persona, account);
    setSessionCookies(c, session);
    rotateCsrf(c, session.id);
    return ok(c, { persona, uid: known.user.uid });
  });

  app.get(USER_API.userInfo, async (c) => {
    const s = await requestSession(c, store);
    if (!s) return ok(c, { is_login: false, isLogin: false, is_sub: 0 });
    return ok(c, { is_login: true, isLogin: true, ...s.persona.user });
  });

  app.get(USER_API.accountMode, async (c) => {
    const s = await requestSession(c, store);
    return s ? ok(c, s.persona.accountMode) : unauthorised(c);
  });

  app.get(USER_API.crossMargin, async (c) => {
    const s = await requestSession(c, store);
    return s ? ok(c, s.persona.crossMargin) : unauthorised(c);
  });

  app.post(USER_API.logout, async (c) => {
    await store.delete(requestCookie(c, SIGN_COOKIE));
    clearSessionCookies(c);
    rotateCsrf(c);
    return ok(c, null);
  });

  app.get(USER_API.logoutAll, async (c) => {
    const s = await requestSession(c, store);
    const sessions = s ? await store.deleteUser(s.session.userKey) : 0;
    clearSessionCookies(c);
    rotateCsrf(c);
    return ok(c, { sessions });
  });

  app.route('/', pageLogoutRoutes(store, USER_API.pageLogout));

  return app;
}
