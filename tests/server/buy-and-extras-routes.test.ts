// Buy-crypto and header-extra routes (server/routes/buy.ts, header-extras.ts): the fiat settings for every fiat of
// the fiat list, the switch-account list per persona, the error report (JSON, CSRF-checked), the CDN file, and the
// injected fault kinds (500, malformed, slow).
import { beforeAll, describe, expect, it } from 'vitest';
import type { Hono } from 'hono';
import { FiatSettingList } from '../../common/wire/buy.ts';
import { BUY_API, HEADER_API } from '../../common/wire/endpoints.ts';
import { SwitchAccounts } from '../../common/wire/header.ts';
import { parseEnvelope } from '../../common/wire/envelope.ts';
import { createApp } from '../../server/app.ts';
import { fiatList } from '../../server/settings-data.ts';
import { Client } from './helpers.ts';

let app: Hono;
beforeAll(() => {
  app = createApp({ faults: true });
});

const REPORT = { message: 'cdn access error', source: 'cdn-check', url: HEADER_API.cdnUiLib, trace: false };

describe('GET buy_crypto_fiat_setting (SPEC §3, §7)', () => {
  it('answers {fiat, credit_card, bank_transfer, p2p} for every fiat of the fiat list, USD first', async () => {
    const { status, body } = await new Client(app).json(BUY_API.fiatSetting);
    expect(status).toBe(200);
    const list = parseEnvelope(body, FiatSettingList)!;
    expect(list.map((r) => r.fiat).sort()).toEqual(Object.keys(fiatList()).sort());
    expect(list[0]).toEqual({ fiat: 'USD', credit_card: true, bank_transfer: true, p2p: true });
    expect(list.find((r) => r.fiat === 'NGN')).toMatchObject({ credit_card: false, p2p: true });
  });

  it('refuses a call without the CSRF token', async () => {
    const res = await app.request(BUY_API.fiatSetting);
    expect(res.status).toBe(403);
  });

  it.each([
    ['500', 500],
    ['malformed', 200],
  ])('injects fault %s when asked', async (kind, status) => {
    const c = new Client(app, { 'X-MH-Faults': `${BUY_API.fiatSetting}=${kind}` });
    const res = await c.request(BUY_API.fiatSetting);
    expect(res.status).toBe(status);
    if (kind === 'malformed') await expect(res.clone().json()).rejects.toThrow();
  });

  it('injects a slow answer that still arrives', async () => {
    const c = new Client(app, { 'X-MH-Faults': `${BUY_API.fiatSetting}=slow:50` });
    const started = Date.now();
    expect((await c.request(BUY_API.fiatSetting)).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(45);
  });
});

describe('GET switch_accounts (SPEC §1 Switch Account)', () => {
  it('answers 401 for an anonymous caller', async () => {
    const { status, body } = await new Client(app).json(HEADER_API.switchAccounts);
    expect(status).toBe(401);
    expect(parseEnvelope(body, SwitchAccounts)).toBeNull();
  });

  it('lists a main account with its sub-accounts, the current one marked', async () => {
    const c = new Client(app);
    await c.login('vip');
    const list = parseEnvelope((await c.json(HEADER_API.switchAccounts)).body, SwitchAccounts)!.list;
    expect(list[0]).toMatchObject({ type: 'main', current: true, uid: '10086001' });
    expect(list.slice(1).every((a) => a.type === 'sub' && !a.current)).toBe(true);
    expect(list).toHaveLength(3);
  });

  it('lists a sub-account with its main account', async () => {
    const c = new Client(app);
    await c.login('sub');
    const list = parseEnvelope((await c.json(HEADER_API.switchAccounts)).body, SwitchAccounts)!.list;
    expect(list.map((a) => [a.type, a.current])).toEqual([
      ['main', false],
      ['sub', true],
    ]);
  });
});

describe('POST error_report (SPEC §7 CDN check)', () => {
  const post = (c: Client, body: string) =>
    c.json(HEADER_API.errorReport, { method: 'POST', body, headers: { 'content-type': 'application/json' } });

  it('accepts a JSON error report', async () => {
    const { status, body } = await post(new Client(app), JSON.stringify(REPORT));
    expect(status).toBe(200);
    expect(body).toMatchObject({ code: 200, data: { received: true } });
  });

  it.each([
    ['not JSON', 'message=cdn'],
    ['not a report', JSON.stringify({ message: '' })],
    ['an unknown source', JSON.stringify({ ...REPORT, source: 'other' })],
    ['a too long message', JSON.stringify({ ...REPORT, message: 'x'.repeat(501) })],
  ])('refuses %s with 400', async (_, body) => {
    expect((await post(new Client(app), body)).status).toBe(400);
  });

  it('refuses a report without the CSRF token (another site cannot post)', async () => {
    const res = await app.request(HEADER_API.errorReport, {
      method: 'POST',
      body: JSON.stringify(REPORT),
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(403);
  });
});

describe('GET the CDN UI-library file (SPEC §7 CDN check)', () => {
  it('serves a small JavaScript file without a session', async () => {
    const res = await app.request(HEADER_API.cdnUiLib);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/javascript/);
    expect((await res.text()).length).toBeLessThan(200);
  });
});
