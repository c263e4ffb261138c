// Open tabs across a server restart (server/csrf.ts csrfTokenHandler, common/http.ts requestJson's renewal;
// docs/SECURITY.md 'V3.5'), and the cookie and method rules around it: a page's call with the token of the previous
// process (no MH_SECRET: a new key per start) is refused with X-CSRF-Rejected, renews its token once and succeeds, on
// a real server in this process; one cookie parser for page and API (first value wins); HEAD never runs logoutAll;
// the production start-up warning without MH_SECRET.
import { once } from 'node:events';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_REJECTED_HEADER, fetchCsrfToken, requestJson } from '../../common/http.ts';
import { USER_API } from '../../common/wire/endpoints.ts';
import { createApp } from '../../server/app.ts';
import { parseCookieHeader, requestCookie } from '../../server/cookie-parse.ts';
import { csrfTokenFor, newPreSessionId } from '../../server/csrf.ts';
import { loadMarketData } from '../../server/market-data.ts';
import { pageSetCookies } from '../../server/page-cookies.ts';
import { missingSecretWarning } from '../../server/startup-checks.ts';
import { Client } from './helpers.ts';
import { Hono } from 'hono';

const data = loadMarketData();
let server: ServerType;
let origin: string;

beforeAll(async () => {
  server = serve({ fetch: createApp({ data }).fetch, port: 0, hostname: '127.0.0.1' });
  await once(server, 'listening');
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => void server.close());

/** A browser tab's cookie jar over fetch: sends its cookies, keeps every Set-Cookie; counts the requests by path. */
function tab(cookies: Record<string, string>) {
  const jar = new Map(Object.entries(cookies));
  const paths: string[] = [];
  const fetchImpl: typeof fetch = async (input, init) => {
    const url = new URL(String(input), origin);
    paths.push(url.pathname);
    const headers = new Headers(init?.headers);
    headers.set('cookie', [...jar].map(([k, v]) => `${k}=${v}`).join('; '));
    const res = await fetch(url, { ...init, headers });
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      jar.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
    }
    return res;
  };
  return { jar, paths, fetchImpl };
}

describe('an open tab across a server restart', () => {
  it("a page's call with the previous process's token is refused, renews its token once and succeeds", async () => {
    const psid = newPreSessionId();
    // The token the page got from the previous process (another random key).
    const stale = csrfTokenFor(psid, randomBytes(32));
    const t = tab({ mh_psid: psid, csrf_token: stale });
    const report = { source: 'cdn-check', message: 'after restart', url: '/cdn/x.js', trace: false };
    // Without renewal: refused, and marked as a CSRF refusal.
    const bare = await fetch(`${origin}/api/web/v1/site/error_report`, {
      method: 'POST',
      headers: { cookie: `mh_psid=${psid}; csrf_token=${stale}`, 'X-CSRF-Token': stale },
      body: JSON.stringify(report),
    });
    expect(bare.status).toBe(403);
    expect(bare.headers.get(CSRF_REJECTED_HEADER)).toBe('1');
    // The page's way (src/api/client.ts): the call renews and retries once.
    const res = await requestJson(`${origin}/api/web/v1/site/error_report`, {
      method: 'POST',
      json: report,
      csrfToken: t.jar.get('csrf_token'),
      fetchImpl: t.fetchImpl,
      renewCsrf: () => fetchCsrfToken(origin, t.fetchImpl),
    });
    expect(res).toMatchObject({ ok: true, status: 200 });
    expect(t.paths).toEqual([
      '/api/web/v1/site/error_report',
      USER_API.csrfToken,
      '/api/web/v1/site/error_report',
    ]);
    // The cookie now holds this process's token for the same visitor: later calls need no renewal.
    expect(t.jar.get('csrf_token')).toBe(csrfTokenFor(psid));
    expect(t.jar.get('mh_psid')).toBe(psid);
  });

  it('renews at most once: a second refusal is the answer (no loop)', async () => {
    let calls = 0;
    const res = await requestJson(`${origin}/api/web/v1/site/error_report`, {
      method: 'POST',
      json: {},
      csrfToken: 'stale',
      renewCsrf: async () => {
        calls++;
        return 'still-wrong';
      },
    });
    expect(res).toMatchObject({ ok: false, reason: 'http', status: 403 });
    expect(calls).toBe(1);
  });

  it('a 403 that is not a CSRF refusal is not retried', async () => {
    const app = new Hono().get('/x', (c) => c.json({ code: 403 }, 403));
    let calls = 0;
    const res = await requestJson('http://t/x', {
      fetchImpl: async (input, init) => app.request(String(input), init),
      renewCsrf: async () => {
        calls++;
        return 'fresh';
      },
    });
    expect(res).toMatchObject({ ok: false, status: 403 });
    expect(calls).toBe(0);
  });

  it('the token endpoint: a new pre-session for a visitor without one, no-store, cross-site fetches refused', async () => {
    const fresh = await fetch(`${origin}${USER_API.csrfToken}`);
    expect(fresh.status).toBe(200);
    expect(fresh.headers.get('cache-control')).toBe('no-store');
    const psid = /mh_psid=([^;]+)/.exec(fresh.headers.getSetCookie().join('\n'))?.[1];
    expect(psid).toBeTruthy();
    expect(await fresh.json()).toEqual({ code: 200, data: { token: csrfTokenFor(psid!) } });
    const cross = await fetch(`${origin}${USER_API.csrfToken}`, {
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(cross.status).toBe(403);
    expect(cross.headers.getSetCookie()).toEqual([]);
  });
});

describe('one cookie parser (server/cookie-parse.ts)', () => {
  it('the first of two values of a name wins, for the page and for the API alike', async () => {
    expect(parseCookieHeader('sign=A; pver=1; sign=B')).toMatchObject({ sign: 'A', pver: '1' });
    expect(parseCookieHeader('a="quoted%20value"; b=%E0%A4%A')).toMatchObject({
      a: 'quoted value',
      b: '%E0%A4%A',
    });
    const app = new Hono().get('/c', (c) => c.text(requestCookie(c, 'sign') ?? ''));
    expect(await (await app.request('/c', { headers: { cookie: 'sign=A; sign=B' } })).text()).toBe('A');
    // The page's CSRF cookie is computed from the same first value the API checks against.
    const psidA = newPreSessionId();
    const psidB = newPreSessionId();
    const lines = pageSetCookies(
      new URL('http://x/'),
      parseCookieHeader(`mh_psid=${psidA}; mh_psid=${psidB}`),
    );
    expect(lines.join('\n')).toContain(`csrf_token=${csrfTokenFor(psidA)}`);
  });

  it('two `sign` cookies: the API reads the same session the page shows (the first)', async () => {
    const app = createApp({ data });
    const a = new Client(app);
    await a.login('vip');
    const b = new Client(app);
    await b.login('unverified');
    const both = new Client(app);
    both.jar.set('sign', `${a.jar.get('sign')}; sign=${b.jar.get('sign')}`);
    both.jar.set('pver', `${a.jar.get('pver')}; pver=${b.jar.get('pver')}`);
    both.jar.set('csrf_token', a.jar.get('csrf_token')!);
    const info = await both.json(USER_API.userInfo);
    expect(info.status).toBe(200);
    expect(info.body.data.is_login).toBe(true);
    expect(info.body.data.uid).toBe((await a.json(USER_API.userInfo)).body.data.uid);
  });
});

describe('HEAD never mutates', () => {
  it('HEAD logoutAll and HEAD /logout?csrf=… answer 405 and end no session', async () => {
    const app = createApp({ data });
    const a = new Client(app);
    await a.login('vip');
    const head = await a.request(USER_API.logoutAll, { method: 'HEAD' });
    expect(head.status).toBe(405);
    expect(head.headers.get('allow')).toBe('GET');
    const pageHead = await a.request(`${USER_API.pageLogout}?csrf=${a.jar.get('csrf_token')}`, {
      method: 'HEAD',
    });
    expect(pageHead.status).toBe(405);
    expect((await a.json(USER_API.userInfo)).body.data.is_login).toBe(true);
    // GET still does its job.
    expect((await a.json(USER_API.logoutAll)).body.data.sessions).toBeGreaterThanOrEqual(1);
    expect((await a.json(USER_API.userInfo)).body.data.is_login).toBe(false);
  });
});

describe('start-up warning without MH_SECRET', () => {
  it('warns only in production without a secret', () => {
    expect(missingSecretWarning({ MH_SECRET: undefined }, 'production')).toMatch(/MH_SECRET is not set/);
    expect(missingSecretWarning({ MH_SECRET: 'x'.repeat(32) }, 'production')).toBeUndefined();
    expect(missingSecretWarning({ MH_SECRET: undefined }, undefined)).toBeUndefined();
    expect(missingSecretWarning({ MH_SECRET: undefined }, 'development')).toBeUndefined();
  });
});
