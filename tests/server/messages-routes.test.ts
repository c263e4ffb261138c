// Message-centre and announcement routes (server/routes/messages.ts): the notice record per persona with its type
// filter, page and size; the home-page bulletin in every locale; anonymous, bad-query and injected-fault answers.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Hono } from 'hono';
import { LOCALES } from '../../common/domain/locales.ts';
import { NOTICE_TAB_TYPES, NOTICE_TABS, NOTICE_TEMPLATES } from '../../common/domain/notice-types.ts';
import { parseEnvelope } from '../../common/wire/envelope.ts';
import { Bulletin, NoticeRecord, parseNoticeList, type NoticeItem } from '../../common/wire/messages.ts';
import { MESSAGES_API } from '../../common/wire/endpoints.ts';
import { createApp } from '../../server/app.ts';
import { loadMarketData } from '../../server/market-data.ts';
import { PERSONA_NAMES } from '../../server/personas.ts';
import { Client } from './helpers.ts';

let app: Hono;
beforeAll(() => {
  app = createApp({ faults: true });
});

const NOTICES = MESSAGES_API.noticeRecord;
const BULLETIN = MESSAGES_API.fullsiteBulletin;
const ALL_TYPES = NOTICE_TABS.flatMap((tab) => NOTICE_TAB_TYPES[tab]);

async function signedIn(persona = 'vip'): Promise<Client> {
  const c = new Client(app);
  await c.login(persona);
  return c;
}

async function notices(c: Client, query: string): Promise<NoticeItem[]> {
  const { status, body } = await c.json(`${NOTICES}?${query}`);
  expect(status).toBe(200);
  const data = parseEnvelope(body, NoticeRecord);
  expect(data).not.toBeNull();
  const list = parseNoticeList(data!.list);
  expect(list).toHaveLength(data!.list.length);
  return list;
}

describe('GET get_notice_record (SPEC §2 Messages tabs, §3, §7, §9)', () => {
  it('answers an anonymous caller with a 401 envelope the client treats as empty (SPEC §6)', async () => {
    const { status, body } = await new Client(app).json(`${NOTICES}?type=notice&page=1&size=10`);
    expect(status).toBe(401);
    expect(body).toMatchObject({ code: 401 });
    expect(parseEnvelope(body, NoticeRecord)).toBeNull();
  });

  it.each(PERSONA_NAMES)('covers every type of the three tabs for persona %s', async (persona) => {
    const list = await notices(await signedIn(persona), 'page=1&size=50');
    expect(new Set(list.map((n) => n.type))).toEqual(new Set(ALL_TYPES));
  });

  it('covers every template that names a link target (SPEC §2 Message types map to)', async () => {
    const list = await notices(await signedIn(), 'size=50');
    const templates = new Set(list.map((n) => n.template_id));
    for (const t of Object.values(NOTICE_TEMPLATES)) expect(templates).toContain(t);
  });

  it('filters by the tab type list and returns size 10 newest first', async () => {
    const c = await signedIn();
    for (const tab of NOTICE_TABS) {
      const list = await notices(c, `type=${NOTICE_TAB_TYPES[tab].join(',')}&page=1&size=10`);
      expect(list.length).toBeGreaterThan(0);
      expect(list.length).toBeLessThanOrEqual(10);
      for (const n of list) expect(NOTICE_TAB_TYPES[tab]).toContain(n.type);
      const times = list.map((n) => n.send_timest);
      expect(times).toEqual([...times].sort((a, b) => b - a));
    }
  });

  it('pages without overlap', async () => {
    const c = await signedIn();
    const types = `type=${NOTICE_TAB_TYPES.trade.join(',')}`;
    const first = await notices(c, `${types}&page=1&size=10`);
    const second = await notices(c, `${types}&page=2&size=10`);
    expect(first).toHaveLength(10);
    expect(second.length).toBeGreaterThan(0);
    const ids = new Set(first.map((n) => n.msg_id));
    for (const n of second) expect(ids.has(n.msg_id)).toBe(false);
    expect(await notices(c, `${types}&page=9&size=10`)).toEqual([]);
  });

  it('is deterministic per persona and names real snapshot markets and contracts', async () => {
    const a = await notices(await signedIn('vip'), 'size=50');
    const b = await notices(await signedIn('vip'), 'size=50');
    expect(b).toEqual(a);
    const pairs = new Set(loadMarketData().spot.map((r) => r.pair.toUpperCase()));
    const market = a.find((n) => n.type === 'market')?.extras.market;
    expect(market && pairs.has(market)).toBe(true);
    const contract = a.find((n) => n.type === 'future' && n.extras.contract)?.extras.contract;
    expect(contract).toMatch(/^[A-Z0-9]+_USDT$/);
    const other = await notices(await signedIn('unverified'), 'size=50');
    expect(other.map((n) => n.msg_id)).not.toEqual(a.map((n) => n.msg_id));
  });

  it('rejects a bad page or size with 400', async () => {
    const c = await signedIn();
    expect((await c.json(`${NOTICES}?page=0`)).status).toBe(400);
    expect((await c.json(`${NOTICES}?page=x`)).status).toBe(400);
    expect((await c.json(`${NOTICES}?size=51`)).status).toBe(400);
  });
});

describe('GET fullsiteBulletin (SPEC §2 Announcement banner on /, §3)', () => {
  it.each(LOCALES)('has a home-page announcement in %s with limited inline HTML', async (lang) => {
    const { status, body } = await new Client(app).json(`${BULLETIN}?page=home&lang=${lang}`);
    expect(status).toBe(200);
    const { announcement } = parseEnvelope(body, Bulletin)!;
    expect(announcement?.content_id).toMatch(/^listing-/);
    expect(announcement?.content).toMatch(/<b>.+<\/b>/);
    expect(announcement?.content).toMatch(/<a href="\/trade\/[A-Z0-9]+_USDT">/);
    expect(announcement?.content).not.toMatch(/<script|\son\w+=/i);
  });

  it('translates the notice per locale and keeps the same content_id', async () => {
    const get = async (lang: string) =>
      parseEnvelope((await new Client(app).json(`${BULLETIN}?page=home&lang=${lang}`)).body, Bulletin)!
        .announcement;
    const [en, ar] = [await get('en'), await get('ar')];
    expect(en?.content).not.toBe(ar?.content);
    expect(en?.content_id).toBe(ar?.content_id);
  });

  it('answers null for other page keys and a 400 for an unknown lang', async () => {
    const { body } = await new Client(app).json(`${BULLETIN}?page=trade`);
    expect(parseEnvelope(body, Bulletin)!.announcement).toBeNull();
    expect((await new Client(app).json(`${BULLETIN}?page=home&lang=xx`)).status).toBe(400);
  });
});

describe('injected faults on the message routes (SPEC §8)', () => {
  it.each([
    [NOTICES, `${NOTICES}?type=notice&page=1&size=10`],
    [BULLETIN, `${BULLETIN}?page=home`],
  ])('%s: a 500, a malformed body and a slow answer', async (path, url) => {
    const c = await signedIn();
    const failed = await c.json(url, { headers: { 'X-MH-Faults': `${path}=500` } });
    expect(failed).toEqual({ status: 500, body: { code: 500, message: 'injected fault' } });
    const malformed = await c.request(url, { headers: { 'X-MH-Faults': `${path}=malformed` } });
    expect(malformed.status).toBe(200);
    await expect(malformed.json()).rejects.toThrow();
    const started = Date.now();
    const slow = await c.json(url, { headers: { 'X-MH-Faults': `${path}=slow:60` } });
    expect(Date.now() - started).toBeGreaterThanOrEqual(55);
    expect(slow.status).toBe(200);
  });
});
