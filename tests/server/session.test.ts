// Session routes (server/routes/session.ts): demo personas, cookies, user info, account mode, cross-margin info and
// the three logouts of SPEC §7, through createApp().request with the CSRF pair.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Hono } from 'hono';
import { createApp } from '../../server/app.ts';
import { PERSONA_NAMES } from '../../server/personas.ts';
import { safeRedirect } from '../../server/routes/session.ts';
import { SessionStore, SESSION_TTL_MS } from '../../server/sessions.ts';
import { Client, setCookieLines } from './helpers.ts';

let app: Hono;
beforeAll(() => {
  app = createApp({ faults: true, loginLimit: 10_000 });
});

describe('session routes', () => {
  it('anonymous get_info says is_login false and is_sub 0 (SPEC §7, §8)', async () => {
    const { status, body } = await new Client(app).json('/api/web/v1/usercenter/get_info');
    expect(status).toBe(200);
    expect(body).toMatchObject({ code: 200, data: { is_login: false, is_sub: 0 } });
  });

  it('rejects calls without the CSRF header (403)', async () => {
    const res = await app.request('/api/web/v1/usercenter/get_info', { headers: { cookie: 'csrf_token=t' } });
    expect(res.status).toBe(403);
  });

  it('demo login sets an HttpOnly sign cookie and a readable pver cookie', async () => {
    const c = new Client(app);
    const res = await c.request('/api/web/v1/usercenter/demo_login', {
      method: 'POST',
      form: { persona: 'vip' },
    });
    expect(res.status).toBe(200);
    const [sign] = setCookieLines(res, 'sign');
    const [pver] = setCookieLines(res, 'pver');
    expect(sign).toMatch(/HttpOnly/i);
    expect(sign).toMatch(/Path=\//);
    expect(sign).toMatch(/SameSite=Lax/i);
    expect(pver).not.toMatch(/HttpOnly/i);
    expect(c.jar.get('sign')!.length).toBeGreaterThanOrEqual(32);
  });

  it('rejects an unknown persona (400)', async () => {
    const { status } = await new Client(app).login('admin');
    expect(status).toBe(400);
  });

  it.each(PERSONA_NAMES)('persona %s signs in and get_info returns its user', async (persona) => {
    const c = new Client(app);
    await c.login(persona);
    const { body } = await c.json('/api/web/v1/usercenter/get_info');
    expect(body.data.is_login).toBe(true);
    expect(body.data.uid).toMatch(/^\d+$/);
    expect(typeof body.data.safe_level).toBe('number');
  });

  it('personas carry the data their SPEC §6 rules need', async () => {
    const info = async (p: string, path: string) => {
      const c = new Client(app);
      await c.login(p);
      return (await c.json(path)).body.data;
    };
    expect(await info('vip', '/api/web/v1/usercenter/get_info')).toMatchObject({
      verified: '4',
      tier_level: 3,
    });
    expect(await info('unverified', '/api/web/v1/usercenter/get_info')).toMatchObject({
      verified: '0',
      safe_level: 1,
    });
    expect(await info('sub', '/api/web/v1/usercenter/get_info')).toMatchObject({ is_sub: 1 });
    expect(await info('unified', '/apiw/v2/unified/account_mode')).toMatchObject({
      mode: 'multi_currency',
      first_open: false,
      settings: { usdt_futures: true },
    });
    expect((await info('portfolio', '/apiweb/v1/spot/cross_margin/info')).crossMarginUid).toBeGreaterThan(1);
    expect(await info('vip', '/apiw/v2/unified/account_mode')).toMatchObject({ mode: 'classic' });
  });

  it('account mode and cross-margin info need a session (401)', async () => {
    const c = new Client(app);
    expect((await c.json('/apiw/v2/unified/account_mode')).status).toBe(401);
    expect((await c.json('/apiweb/v1/spot/cross_margin/info')).status).toBe(401);
  });

  it('a forged sign cookie or a wrong pver is anonymous', async () => {
    const c = new Client(app);
    await c.login('vip');
    c.jar.set('pver', 'nope');
    expect((await c.json('/api/web/v1/usercenter/get_info')).body.data.is_login).toBe(false);
  });

  it('POST logout (form-encoded) ends this device only and clears both cookies', async () => {
    const a = new Client(app);
    const b = new Client(app);
    await a.login('vip', 'this-device');
    await b.login('vip', 'this-device');
    const res = await a.request('/api/web/v1/usercenter/logout', { method: 'POST', form: {} });
    expect(res.status).toBe(200);
    expect(setCookieLines(res, 'sign')[0]).toMatch(/Max-Age=0/i);
    expect(setCookieLines(res, 'pver')[0]).toMatch(/Max-Age=0/i);
    expect(a.jar.has('sign')).toBe(false);
    expect((await b.json('/api/web/v1/usercenter/get_info')).body.data.is_login).toBe(true);
  });

  it('GET logoutAll ends every device of the user, not other users', async () => {
    const a = new Client(app);
    const b = new Client(app);
    const other = new Client(app);
    await a.login('vip', 'all-devices');
    await b.login('vip', 'all-devices');
    await other.login('vip', 'someone-else');
    const { body } = await a.json('/api/web/v1/usercenter/logoutAll');
    expect(body).toMatchObject({ code: 200, data: { sessions: 2 } });
    expect((await b.json('/api/web/v1/usercenter/get_info')).body.data.is_login).toBe(false);
    expect((await other.json('/api/web/v1/usercenter/get_info')).body.data.is_login).toBe(true);
  });

  it('GET /logout with the bound token ends the session and redirects to a same-origin path only', async () => {
    const c = new Client(app);
    await c.login('uk');
    const res = await c.request(`/logout?redirect=%2Fzh%2Flogin&csrf=${c.jar.get('csrf_token')}`);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/zh/login');
    expect((await c.json('/api/web/v1/usercenter/get_info')).body.data.is_login).toBe(false);
    await c.login('uk');
    const evil = await c.request(`/logout?redirect=%2F%2Fevil.example%2F&csrf=${c.jar.get('csrf_token')}`);
    expect(evil.headers.get('location')).toBe('/login');
  });

  it('a logout fault is served as a 500 (the client only logs it, SPEC §8)', async () => {
    const c = new Client(app, { 'X-MH-Faults': '/api/web/v1/usercenter/logout=500' });
    await c.login('vip');
    const res = await c.request('/api/web/v1/usercenter/logout', { method: 'POST', form: {} });
    expect(res.status).toBe(500);
  });
});

describe('session store', () => {
  it('expires sessions after SESSION_TTL_MS', () => {
    let now = 0;
    const store = new SessionStore(() => now);
    const s = store.create('vip');
    expect(store.get(s.id, s.pver)?.persona).toBe('vip');
    now = SESSION_TTL_MS + 1;
    expect(store.get(s.id, s.pver)).toBeUndefined();
  });

  it('safeRedirect allows only relative same-origin paths', () => {
    expect(safeRedirect('/tr/login')).toBe('/tr/login');
    for (const bad of [
      '//x.example',
      'https://x.example',
      '/\\x.example',
      'javascript:alert(1)',
      undefined,
    ]) {
      expect(safeRedirect(bad)).toBeNull();
    }
  });
});
