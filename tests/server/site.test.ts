// Site routes (server/routes/site.ts): common site data, menu data and compliance per sub-site (query, cookie,
// host) and session, through createApp().request with the CSRF pair (a pre-session id and its bound token, helpers.ts).
import { beforeAll, describe, expect, it } from 'vitest';
import type { Hono } from 'hono';
import { createApp } from '../../server/app.ts';
import { SUB_SITE, resolveSubSite, siteParam, subSiteFromHost } from '../../common/domain/sub-sites.ts';
import { parseEnvelope } from '../../common/wire/envelope.ts';
import { CommonSiteData, ComplianceResult, MenuData } from '../../common/wire/site.ts';

const parseCommonSiteData = (body: unknown) => parseEnvelope(body, CommonSiteData);
const parseCompliance = (body: unknown) => parseEnvelope(body, ComplianceResult);
const parseMenuData = (body: unknown) => parseEnvelope(body, MenuData);
import { Client } from './helpers.ts';
import { configure } from '../../server/config.ts';

let app: Hono;
beforeAll(() => {
  app = createApp({ faults: true });
});
const COMMON = '/api/web/v1/site/common_data';
const MENU = '/api/web/v1/site/menu_data';
const COMPLIANCE = '/api/web/v1/site/compliance_check';

describe('site routes', () => {
  it('common site data has every SPEC §3 field and passes the client parser', async () => {
    const { status, body } = await new Client(app).json(`${COMMON}?lang=en`);
    expect(status).toBe(200);
    const data = parseCommonSiteData(body)!;
    expect(data).not.toBeNull();
    expect(Object.keys(body.data).sort()).toEqual(Object.keys(data).sort());
    expect(data.sub_website_id).toBe(0);
    expect(data.curr_fiat).toBe('USD');
    expect(data.lang_list.es).toBe('Español');
    expect(data.fiat_list.EUR).toEqual({ fiat: 'EUR', symbol: '€' });
    expect(data.curr_fiat_market_rates.USD).toBe(1);
    expect(data.currency_count).toBeGreaterThan(1000);
    expect(data.isLogin).toBe(false);
  });

  it('lang decides lang_prefix; an unknown lang is a 400', async () => {
    const c = new Client(app);
    expect((await c.json(`${COMMON}?lang=zh`)).body.data.lang_prefix).toBe('/zh');
    expect((await c.json(`${COMMON}?lang=en`)).body.data.lang_prefix).toBe('');
    expect((await c.json(`${COMMON}?lang=xx`)).status).toBe(400);
  });

  it('sub-site from ?sub_website_id, then the cookie, then the host (SPEC §1)', async () => {
    const c = new Client(app);
    expect((await c.json(`${COMMON}?sub_website_id=177`)).body.data).toMatchObject({
      sub_website_id: 177,
      site: 2,
    });
    c.jar.set('sub_website_id', '106');
    expect((await c.json(COMMON)).body.data).toMatchObject({ sub_website_id: 106, site: 3 });
    // The host counts only when allow-listed (server/origin.ts: PUBLIC_ORIGIN's host and PUBLIC_HOSTS).
    const hosts = {
      PUBLIC_ORIGIN: 'https://www.masthead.example',
      PUBLIC_HOSTS: 'us.masthead.example,eu.masthead.example',
    };
    const us = new Client(app, { host: 'us.masthead.example' });
    expect((await us.json(COMMON)).body.data.sub_website_id).toBe(0);
    configure(hosts);
    expect((await us.json(COMMON)).body.data).toMatchObject({ sub_website_id: 232, site: 0 });
    // X-Forwarded-Host only behind a trusted proxy.
    const fwd = new Client(app, { 'x-forwarded-host': 'eu.masthead.example' });
    expect((await fwd.json(COMMON)).body.data.sub_website_id).toBe(0);
    configure({ ...hosts, TRUST_PROXY: '1' });
    expect((await fwd.json(COMMON)).body.data.sub_website_id).toBe(777);
    configure({});
  });

  it('host table and resolution order are pure and documented', () => {
    expect(subSiteFromHost('tr.masthead.example')).toBe(SUB_SITE.TURKEY);
    expect(subSiteFromHost('testnet.masthead.example:8443')).toBe(SUB_SITE.TESTNET);
    expect(subSiteFromHost('www.masthead.example')).toBe(SUB_SITE.GLOBAL);
    expect(subSiteFromHost('127.0.0.1:4301')).toBe(SUB_SITE.GLOBAL);
    expect(resolveSubSite({ query: '999999', cookie: '83', host: 'us.x.y' })).toBe(SUB_SITE.JAPAN);
    expect(resolveSubSite({ query: null, cookie: 'junk', host: 'us.x.y' })).toBe(SUB_SITE.US);
    expect([SUB_SITE.TURKEY, SUB_SITE.MALTA, SUB_SITE.US].map(siteParam)).toEqual([2, 3, 0]);
  });

  it('compliance: per-site menu list, persona additions, is_tr for Turkish visitors off the Turkey site', async () => {
    const c = new Client(app);
    const us = parseCompliance((await c.json(`${COMPLIANCE}?sub_website_id=232`)).body)!;
    expect(us.menu_list).toContain('derivatives');
    expect(parseCompliance((await c.json(`${COMPLIANCE}?sub_website_id=0`)).body)!.menu_list).toEqual([]);
    expect((await c.json(`${COMPLIANCE}?sub_website_id=0&lang=tr`)).body.data.limit.is_tr).toBe(true);
    expect((await c.json(`${COMPLIANCE}?sub_website_id=177&lang=tr`)).body.data.limit.is_tr).toBe(false);
    const tr = new Client(app, { 'x-country': 'TR' });
    expect((await tr.json(`${COMPLIANCE}?sub_website_id=0`)).body.data.limit.is_tr).toBe(true);
    const w = new Client(app);
    await w.login('withdraw-only');
    expect((await w.json(`${COMPLIANCE}?sub_website_id=0`)).body.data.menu_list).toContain('deposit');
  });

  it('menu data: business list per session, NFT flag per site', async () => {
    const c = new Client(app);
    expect(parseMenuData((await c.json(`${MENU}?sub_website_id=0`)).body)).toEqual({
      business_list: ['spot', 'futures'],
      nft_flag: '0',
    });
    expect((await c.json(`${MENU}?sub_website_id=153`)).body.data.nft_flag).toBe('1');
    await c.login('sub');
    expect((await c.json(`${MENU}?sub_website_id=0`)).body.data.business_list).toContain(
      'button_pilot_account',
    );
  });

  it('session flags reach the site data (isLogin, isUKLimit, isItalyLimit, isWithdrawOnlyUser)', async () => {
    for (const [persona, flag] of [
      ['uk', 'isUKLimit'],
      ['italy', 'isItalyLimit'],
      ['withdraw-only', 'isWithdrawOnlyUser'],
    ] as const) {
      const c = new Client(app);
      await c.login(persona);
      const data = (await c.json(COMMON)).body.data;
      expect(data.isLogin).toBe(true);
      expect(data[flag]).toBe(true);
    }
  });

  it('curr_fiat follows a valid curr_fiat cookie; buy-crypto fiat defaults to the site fiat', async () => {
    const c = new Client(app);
    c.jar.set('curr_fiat', 'EUR');
    const data = (await c.json(`${COMMON}?sub_website_id=177`)).body.data;
    expect(data.curr_fiat).toBe('EUR');
    expect(data.defaultBuyCryptoFiat).toBe('TRY');
    c.jar.set('curr_fiat', 'XXX');
    expect((await c.json(COMMON)).body.data.curr_fiat).toBe('USD');
  });

  it('injected faults reach the site routes (the client falls back, SPEC §8)', async () => {
    const c = new Client(app, { 'X-MH-Faults': `${COMPLIANCE}=500` });
    expect((await c.request(COMPLIANCE)).status).toBe(500);
  });
});
