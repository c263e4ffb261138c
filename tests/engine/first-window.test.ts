// The query carries its first window (one round trip per keystroke), rows are formatted in the engine for the
// locale and fiat (SPEC §4 fiat prices, §9 locale mapping), and every reply stays under 10 KiB.
import { describe, expect, it } from 'vitest';
import { MAX_MESSAGE_BYTES } from '../../workers/market/config.ts';
import { messageBytes } from '../../workers/market/rows.ts';
import { envelope, spotRow } from '../fixtures/market-wire.ts';
import { createFakeServer, createTestEngine, ok, PATHS, qid, TEST_CONFIG } from './harness.ts';

async function spotEngine(
  list = [spotRow('BTC_USDT', 5_000_000, { rate: '91234.5', rate_percent: '-1.25' })],
  lang = 'en',
) {
  const server = createFakeServer();
  server.routes.set(PATHS.spot, ok(envelope({ server_time: 1, list })));
  const { engine } = createTestEngine(server);
  await engine.init({ ...TEST_CONFIG, lang, langPrefix: lang === 'en' ? '' : `/${lang}` });
  return { engine, server };
}

describe('query returns its first window', () => {
  it('answers total and the asked window in one reply, equal to rows() of the same id', async () => {
    const { engine } = createTestEngine();
    await engine.init(TEST_CONFIG);
    const id = qid();
    const res = await engine.query({ id, kind: 'spot', tab: '', term: 'b', start: 3, count: 19 });
    expect(res.superseded).toBe(false);
    expect(res.total).toBeGreaterThan(22);
    expect(res.start).toBe(3);
    expect(res.rows).toHaveLength(19);
    expect(res.rows).toEqual((await engine.rows(id, 3, 22))!.rows);
    expect(messageBytes(res)).toBeLessThan(MAX_MESSAGE_BYTES);
  });

  it('carries no rows when no window is asked, and clamps a window past the end', async () => {
    const { engine } = await spotEngine([spotRow('A_USDT', 2), spotRow('B_USDT', 1)]);
    expect(await engine.query({ id: qid(), kind: 'spot', tab: '', term: '' })).toMatchObject({
      total: 2,
      rows: [],
    });
    const past = await engine.query({ id: qid(), kind: 'spot', tab: '', term: '', start: 40, count: 19 });
    expect(past).toMatchObject({ total: 2, start: 2, rows: [] });
  });

  it('cuts a long first window at the byte budget (the client asks rows() for the rest)', async () => {
    const long = Array.from({ length: 60 }, (_, k) =>
      spotRow(`${'Q'.repeat(150)}${k}_USDT`, 1000 - k, { name: 'N'.repeat(150) }),
    );
    const { engine } = await spotEngine(long);
    const id = qid();
    const res = await engine.query({ id, kind: 'spot', tab: '', term: '', start: 0, count: 60 });
    expect(res.rows.length).toBeGreaterThan(0);
    expect(res.rows.length).toBeLessThan(60);
    expect(messageBytes(res)).toBeLessThan(MAX_MESSAGE_BYTES);
    const rest = (await engine.rows(id, res.rows.length, 60))!;
    expect(rest.start).toBe(res.rows.length);
  });

  it('a superseded query carries no rows', async () => {
    const { engine } = createTestEngine();
    await engine.init(TEST_CONFIG);
    const newer = qid();
    const older = qid() - 2;
    await engine.query({ id: newer + 1, kind: 'spot', tab: '', term: 'eth', count: 10 });
    const res = await engine.query({ id: older, kind: 'spot', tab: '', term: 'btc', count: 10 });
    expect(res).toMatchObject({ superseded: true, total: 0, rows: [] });
  });
});

describe('rows formatted in the engine', () => {
  it('formats price, change and volume for the engine locale (de: comma decimals)', async () => {
    const { engine } = await spotEngine(undefined, 'de');
    const res = await engine.query({ id: qid(), kind: 'spot', tab: '', term: 'btc', count: 1 });
    expect(res.rows[0]).toMatchObject({
      price: '91.234,50',
      change: '-1,25\u00a0%',
      trend: -1,
      href: '/de/trade/BTC_USDT',
    });
    expect(res.rows[0]!.volume).toMatch(/^5\sMio\.$/);
  });

  it('shows the fiat price when the query asks for one (SPEC §4 fiat prices), else the own price', async () => {
    const { engine } = await spotEngine();
    const q = { kind: 'spot', tab: '', term: 'btc', count: 1 } as const;
    const own = await engine.query({ id: qid(), ...q });
    expect(own.rows[0]).toMatchObject({ price: '91,234.50', change: '-1.25%', volume: '5M' });
    const eur = await engine.query({ id: qid(), ...q, fiat: { currency: 'EUR', rate: 2 } });
    expect(eur.rows[0]!.price).toBe('€182,469.00');
    // A malformed fiat is ignored rather than trusted.
    const bad = await engine.query({ id: qid(), ...q, fiat: { currency: 'eur<', rate: -1 } });
    expect(bad.rows[0]!.price).toBe('91,234.50');
  });

  it('keeps the query id valid across a refresh: the same id answers the re-ranked window', async () => {
    const { engine, server } = await spotEngine([spotRow('OLD_USDT', 1)]);
    const id = qid();
    const first = await engine.query({ id, kind: 'spot', tab: '', term: '', count: 19 });
    expect(first.rows.map((r) => r.label)).toEqual(['OLD/USDT']);
    server.routes.set(
      PATHS.spot,
      ok(envelope({ server_time: 2, list: [spotRow('NEW_USDT', 2), spotRow('OLD_USDT', 1)] })),
    );
    await engine.refresh('spot');
    const w = (await engine.rows(id, 0, 19))!;
    expect(w).toMatchObject({ id, total: 2 });
    expect(w.version).toBeGreaterThan(first.version);
    expect(w.rows.map((r) => r.label)).toEqual(['NEW/USDT', 'OLD/USDT']);
  });
});
