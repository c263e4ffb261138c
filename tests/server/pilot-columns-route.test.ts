// The compact pilot list (docs/API.md 'Compact pilot list'): the SPEC §7 pilot call with `format=columns` serves the
// same rows as columns, compressed and with its own ETag; the plain call is unchanged.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Hono } from 'hono';
import { createApp } from '../../server/app.ts';
import type { ApiEnvelope } from '../../common/wire/envelope.ts';
import { PilotColumnsWire, type PilotMarketsWire } from '../../common/wire/market.ts';
import { buildPilotColumns, toDict } from '../../server/market-data/pilot-columns.ts';
import { get, getJson } from './market-helpers.ts';

const PILOT = '/apiw/v2/pilot/markets?exchange_type=PILOT_ALL';
const COLUMNS = `${PILOT}&format=columns`;

let app: Hono;
let rows: PilotMarketsWire;

beforeAll(async () => {
  app = createApp({ faults: true });
  rows = (await getJson<ApiEnvelope<PilotMarketsWire>>(app, PILOT)).body.data;
});

/** Row i of a plain-or-dictionary column. */
const at = <T>(c: T[] | { dict: T[]; index: number[] }, i: number): T =>
  Array.isArray(c) ? c[i]! : c.dict[c.index[i]!]!;

describe('GET pilot markets with format=columns', () => {
  it('answers a valid PilotColumnsWire with the same rows in the same order', async () => {
    const { status, body } = await getJson<ApiEnvelope<unknown>>(app, COLUMNS);
    expect(status).toBe(200);
    expect(body.code).toBe(200);
    const parsed = PilotColumnsWire.safeParse(body.data);
    expect(parsed.success).toBe(true);
    const w = parsed.data!;
    expect(w.n).toBe(rows.list.length);
    expect(w.cate).toBe(rows.cate);
    rows.list.forEach((r, i) => {
      expect(at(w.columns.address, i)).toBe(r.address);
      expect(at(w.columns.show_pair, i)).toBe(r.show_pair);
      expect(at(w.columns.price, i)).toBe(r.price);
      expect(at(w.columns.icon, i)).toBe(r.icon ?? null);
      expect(w.columns.volume_24h[i]).toBe(Number(r.volume_24h));
      expect(w.columns.is_hot[i]).toBe(r.is_hot ? 1 : 0);
      expect(at(w.columns.categories, i)).toEqual(r.categories);
    });
  });

  it('is smaller than the row form, compressed with brotli, with its own ETag', async () => {
    const plain = await get(app, PILOT, { 'Accept-Encoding': 'identity' });
    const cols = await get(app, COLUMNS, { 'Accept-Encoding': 'identity' });
    const plainBytes = (await plain.arrayBuffer()).byteLength;
    const colBytes = (await cols.arrayBuffer()).byteLength;
    expect(colBytes).toBeLessThan(plainBytes * 0.6);
    expect(cols.headers.get('etag')).not.toBe(plain.headers.get('etag'));
    const br = await get(app, COLUMNS, { 'Accept-Encoding': 'br, gzip' });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toBe('Accept-Encoding');
    const etag = br.headers.get('etag')!;
    const again = await get(app, COLUMNS, { 'Accept-Encoding': 'br, gzip', 'If-None-Match': etag });
    expect(again.status).toBe(304);
  });

  it('leaves the SPEC §7 form unchanged (format=rows is the same body)', async () => {
    const explicit = await getJson<ApiEnvelope<PilotMarketsWire>>(app, `${PILOT}&format=rows`);
    expect(explicit.body).toEqual({ code: 200, data: rows });
    expect(Array.isArray(rows.list)).toBe(true);
  });

  it('rejects an unknown format with a 400', async () => {
    const { status, body } = await getJson<{ code: number; message: string }>(app, `${PILOT}&format=csv`);
    expect(status).toBe(400);
    expect(body.message).toContain('format');
  });
});

describe('buildPilotColumns', () => {
  it('sends a non-finite or empty decimal as null', () => {
    const w = buildPilotColumns({
      cate: 'hot',
      list: [
        { ...rows.list[0]!, change_percentage: '', volume_24h: 'abc' },
        { ...rows.list[1]!, change_percentage: '-1.5', volume_24h: '2e3' },
      ],
    });
    expect(w.columns.change_percentage).toEqual([null, -1.5]);
    expect(w.columns.volume_24h).toEqual([null, 2000]);
  });

  it('toDict keeps first-seen order and equal values once', () => {
    expect(toDict(['a', 'b', 'a', 'c', 'b'])).toEqual({ dict: ['a', 'b', 'c'], index: [0, 1, 0, 2, 1] });
  });
});
