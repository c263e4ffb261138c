// Session and CSRF hardening of the reference server (docs/SECURITY.md 'V3.5', 'V7', 'V13'): tokens bound to the
// visitor and rotated on sign-in/out, Secure cookies over https only when the proxy is trusted, the /logout
// confirmation, the sign-in rate limit, a store a flood cannot empty, faults off by default and after CSRF, and
// JSON 404s for unknown API paths.
import { afterEach, describe, expect, it } from 'vitest';
import { createApp, isServerPath } from '../../server/app.ts';
import { csrfTokenFor, csrfValid, loadSecret } from '../../server/csrf.ts';
import { pageSetCookies } from '../../server/page-cookies.ts';
import { IDLE_TTL_MS, SESSIONS, SessionStore } from '../../server/sessions.ts';
import { Client, csrfPair, setCookieLines } from './helpers.ts';
import { configure } from '../../server/config.ts';

const INFO = '/api/web/v1/usercenter/get_info';
const app = createApp({ faults: true, loginLimit: 10_000 });
const isLoggedIn = async (c: Client) => (await c.json(INFO)).body.data.is_login as boolean;

afterEach(() => {
  configure({});
});

describe('CSRF token bound to the visitor', () => {
  it('accepts only the HMAC of the request’s own session or pre-session id', () => {
    const a = csrfPair();
    const b = csrfPair();
    expect(csrfValid({ mh_psid: a.psid }, a.token)).toBe(true);
    expect(csrfValid({ mh_psid: b.psid }, a.token)).toBe(false);
    expect(csrfValid({}, a.token)).toBe(false);
    expect(csrfValid({ mh_psid: a.psid }, undefined)).toBe(false);
    // The session id wins over the pre-session id once signed in.
    expect(csrfValid({ sign: 'session-1', mh_psid: a.psid }, a.token)).toBe(false);
    expect(csrfValid({ sign: 'session-1', mh_psid: a.psid }, csrfTokenFor('session-1'))).toBe(true);
  });

  it('refuses a token another visitor was handed (403)', async () => {
    const other = csrfPair();
    const c = new Client(app);
    const res = await c.request(INFO, { headers: { 'X-CSRF-Token': other.token } });
    expect(res.status).toBe(403);
  });

  it('rotates on sign-in: the pre-login token stops working, the new one works', async () => {
    const c = new Client(app);
    const before = c.jar.get('csrf_token')!;
    await c.login('vip');
    const after = c.jar.get('csrf_token')!;
    expect(after).not.toBe(before);
    expect(after).toBe(csrfTokenFor(c.jar.get('sign')!));
    expect((await c.request(INFO, { headers: { 'X-CSRF-Token': before } })).status).toBe(403);
    expect(await isLoggedIn(c)).toBe(true);
  });

  it('rotates on logout to a fresh pre-session id', async () => {
    const c = new Client(app);
    await c.login('vip');
    const signedIn = c.jar.get('csrf_token')!;
    const psid = c.jar.get('mh_psid');
    const res = await c.request('/api/web/v1/usercenter/logout', { method: 'POST', form: {} });
    expect(res.status).toBe(200);
    expect(c.jar.get('mh_psid')).not.toBe(psid);
    expect(c.jar.get('csrf_token')).not.toBe(signedIn);
    expect(setCookieLines(res, 'mh_psid')[0]).toMatch(/HttpOnly/);
    expect(await isLoggedIn(c)).toBe(false);
  });

  it('rejects a configured secret shorter than 32 characters', () => {
    expect(() => loadSecret({ MH_SECRET: 'short' })).toThrow(/MH_SECRET/);
    expect(loadSecret({ MH_SECRET: 'x'.repeat(32) }).length).toBe(32);
  });
});

describe('page cookies', () => {
  const url = new URL('http://127.0.0.1/');

  it('a first visit gets an HttpOnly pre-session id and the token bound to it; no store entry', () => {
    const before = SESSIONS.size;
    const lines = pageSetCookies(url, {});
    const psid = /^mh_psid=([^;]+)/.exec(lines[0]!)?.[1];
    expect(lines[0]).toMatch(/HttpOnly/);
    expect(lines[1]).toBe(`csrf_token=${csrfTokenFor(psid!)}; Path=/; SameSite=Strict`);
    for (let i = 0; i < 1000; i++) pageSetCookies(url, {});
    expect(SESSIONS.size).toBe(before);
  });

  it('a returning visitor with the right token gets nothing new; a stale token is replaced', () => {
    const { psid, token } = csrfPair();
    expect(pageSetCookies(url, { mh_psid: psid, csrf_token: token })).toEqual([]);
    expect(pageSetCookies(url, { mh_psid: psid, csrf_token: 'stale' })).toEqual([
      `csrf_token=${token}; Path=/; SameSite=Strict`,
    ]);
  });

  it('marks every cookie Secure when served over https', () => {
    const lines = pageSetCookies(new URL('https://x.example/?sub_website_id=3'), {}, true);
    expect(lines).toHaveLength(3);
    for (const line of lines) expect(line).toMatch(/; Secure/);
  });

  it('trusts X-Forwarded-Proto for the CSRF cookie only with TRUST_PROXY=1', async () => {
    const forwarded = { 'x-forwarded-proto': 'https' };
    const plain = new Client(app);
    const res = await plain.request('/api/web/v1/usercenter/logout', {
      method: 'POST',
      form: {},
      headers: forwarded,
    });
    expect(setCookieLines(res, 'csrf_token')[0]).not.toMatch(/Secure/);
    configure({ TRUST_PROXY: '1' });
    const proxied = new Client(app);
    const res2 = await proxied.request('/api/web/v1/usercenter/logout', {
      method: 'POST',
      form: {},
      headers: forwarded,
    });
    expect(setCookieLines(res2, 'csrf_token')[0]).toMatch(/Secure/);
    expect(setCookieLines(res2, 'mh_psid')[0]).toMatch(/Secure/);
  });
});

describe('GET and POST /logout', () => {
  it('without the token shows a confirmation page and ends nothing', async () => {
    const c = new Client(app);
    await c.login('vip');
    const res = await c.request('/logout?redirect=%2Fzh%2Flogin');
    expect(res.status).toBe(200);
    const page = await res.text();
    expect(page).toContain('<form method="post" action="/logout">');
    expect(page).toContain(`name="csrf" value="${c.jar.get('csrf_token')}"`);
    expect(page).toContain('lang="zh"');
    expect(await isLoggedIn(c)).toBe(true);
    const forged = await c.request('/logout?csrf=not-the-token');
    expect(forged.status).toBe(200);
    expect(await isLoggedIn(c)).toBe(true);
  });

  it('the confirmation form (POST with the token) ends the session: 303 to the target', async () => {
    const c = new Client(app);
    await c.login('vip');
    const token = c.jar.get('csrf_token')!;
    const res = await c.request('/logout', { method: 'POST', form: { csrf: token, redirect: '/ja/login' } });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/ja/login');
    expect(await isLoggedIn(c)).toBe(false);
  });

  it('a POST without the token is refused (403) and ends nothing', async () => {
    const c = new Client(app);
    await c.login('vip');
    const res = await c.request('/logout', { method: 'POST', form: { redirect: '/login' } });
    expect(res.status).toBe(403);
    expect(await isLoggedIn(c)).toBe(true);
  });

  it.each([
    ['/.//evil.example/', '/evil.example/'],
    ['/%2e%2e//evil.example/', '/evil.example/'],
    ['//evil.example/', '/login'],
    ['/\\evil.example', '/login'],
    ['https://evil.example/', '/login'],
  ])('redirect=%s lands on the same-origin %s', async (redirect, location) => {
    const c = new Client(app);
    await c.login('vip');
    const q = new URLSearchParams({ redirect, csrf: c.jar.get('csrf_token')! });
    const res = await c.request(`/logout?${q}`);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(location);
  });
});

describe('sign-in rate limit', () => {
  it('answers 429 with Retry-After past the per-client limit', async () => {
    const limited = createApp({ loginLimit: 3 });
    const c = new Client(limited);
    for (let i = 0; i < 3; i++) expect((await c.login('vip')).status).toBe(200);
    const res = await c.request('/api/web/v1/usercenter/demo_login', {
      method: 'POST',
      form: { persona: 'vip' },
    });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await res.json()).toMatchObject({ code: 429 });
  });
});

describe('session store under a sign-in flood', () => {
  it('keeps every session in use while a flood of unused sign-ins churns', () => {
    const store = new SessionStore(Date.now, 100);
    const users = Array.from({ length: 50 }, (_, i) => store.create('vip', `u${i}`));
    for (const u of users) expect(store.get(u.id, u.pver)).toBeDefined();
    for (let i = 0; i < 10_000; i++) store.create('vip', 'flood');
    expect(store.size).toBe(100);
    for (const u of users) expect(store.get(u.id, u.pver)?.userKey).toBe(u.userKey);
  });

  it('evicts the least recently used active session when nothing is on probation', () => {
    const store = new SessionStore(Date.now, 3);
    const [a, b, c] = [store.create('vip', 'a'), store.create('vip', 'b'), store.create('vip', 'c')];
    for (const s of [a, b, c, a]) store.get(s.id, s.pver);
    const d = store.create('vip', 'd'); // on probation, alone: the least recently used active session (b) goes
    expect(store.get(b.id, b.pver)).toBeUndefined();
    expect(store.get(d.id, d.pver)).toBeDefined();
    expect(store.get(a.id, a.pver)).toBeDefined();
  });

  it('ends a session idle for longer than IDLE_TTL_MS', () => {
    let now = 0;
    const store = new SessionStore(() => now);
    const s = store.create('vip');
    now = IDLE_TTL_MS - 1;
    expect(store.get(s.id, s.pver)).toBeDefined();
    now += IDLE_TTL_MS + 1;
    expect(store.get(s.id, s.pver)).toBeUndefined();
    expect(store.size).toBe(0);
  });

  it('anonymous API calls create no store entries', async () => {
    const before = SESSIONS.size;
    const c = new Client(app);
    for (let i = 0; i < 50; i++) await c.json(INFO);
    expect(SESSIONS.size).toBe(before);
  });
});

describe('fault injection and unknown API paths', () => {
  const fault = { 'X-MH-Faults': `${INFO}=500` };

  it('is off unless enabled: the fault header is ignored', async () => {
    const plain = createApp({ faults: false });
    expect((await new Client(plain, fault).request(INFO)).status).toBe(200);
  });

  it('runs after the CSRF check: a forged request gets 403, not the fault', async () => {
    const res = await app.request(INFO, {
      headers: { ...fault, cookie: 'csrf_token=t', 'X-CSRF-Token': 't' },
    });
    expect(res.status).toBe(403);
    expect((await new Client(app, fault).request(INFO)).status).toBe(500);
  });

  it.each(['/api', '/apix/anything', '/api/nope', '/apiw/v9/none', '/apiweb/x'])(
    '%s answers a JSON 404 and belongs to the server',
    async (path) => {
      expect(isServerPath(path)).toBe(true);
      const res = await new Client(app).request(path);
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ code: 404 });
    },
  );
});
