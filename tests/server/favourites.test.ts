// The favourites endpoints (SPEC §4; docs/API.md 'Favourites') through createApp().request: sign-in required, CSRF
// like every /api call, the body validated with the common/wire schema, at most MAX_FAVOURITES entries, the byte
// limit of server/body-limits.ts, and one list per user across devices.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Hono } from 'hono';
import { createApp } from '../../server/app.ts';
import { bodyLimitFor } from '../../server/body-limits.ts';
import { MAX_FAVOURITES_BYTES } from '../../server/favourites.ts';
import { FAVOURITES_API } from '../../common/wire/endpoints.ts';
import { MAX_FAVOURITES, type FavouriteWire } from '../../common/wire/favourites.ts';
import { Client } from './helpers.ts';

let app: Hono;
beforeAll(() => {
  app = createApp({ loginLimit: 10_000 });
});

const PATH = FAVOURITES_API.list;
const entries = (n: number, at = 1): FavouriteWire[] =>
  Array.from({ length: n }, (_, k) => ({
    list: 'spot',
    symbol: `C${k}_USDT`,
    label: `C${k}/USDT`,
    at: at + k,
  }));
const put = (client: Client, body: unknown) =>
  client.json(PATH, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

describe('favourites endpoints', () => {
  it('anonymous: 401 for GET and PUT', async () => {
    const client = new Client(app);
    expect((await client.json(PATH)).status).toBe(401);
    expect((await put(client, { entries: [] })).status).toBe(401);
  });

  it('signed in: PUT replaces the list, GET returns it latest first, another device of the user sees it', async () => {
    const phone = new Client(app);
    await phone.login('vip', 'fav-devices');
    expect((await phone.json(PATH)).body).toEqual({ code: 200, message: 'success', data: { entries: [] } });
    const list = entries(3);
    const saved = await put(phone, { entries: [...list, { ...list[0]!, at: 0 }] });
    expect(saved).toMatchObject({ status: 200, body: { code: 200, data: { count: 3 } } });
    const laptop = new Client(app);
    await laptop.login('vip', 'fav-devices');
    const got = await laptop.json(PATH);
    expect(got.body.data.entries.map((e: FavouriteWire) => e.symbol)).toEqual([
      'C2_USDT',
      'C1_USDT',
      'C0_USDT',
    ]);
    // Another user's list is apart.
    const other = new Client(app);
    await other.login('vip', 'fav-someone-else');
    expect((await other.json(PATH)).body.data.entries).toEqual([]);
  });

  it('refuses a forged request (no CSRF token): 403, nothing stored', async () => {
    const client = new Client(app);
    await client.login('vip', 'fav-csrf');
    const forged = await client.json(PATH, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', 'X-CSRF-Token': 'forged' },
      body: JSON.stringify({ entries: entries(1) }),
    });
    expect(forged.status).toBe(403);
    expect((await client.json(PATH)).body.data.entries).toEqual([]);
  });

  it('validates the body: 400 for bad JSON, an unknown list, a bad symbol or time', async () => {
    const client = new Client(app);
    await client.login('vip', 'fav-bad');
    const bad = [
      '{not json',
      { entries: [{ list: 'margin', symbol: 'BTC_USDT', label: '', at: 1 }] },
      { entries: [{ list: 'spot', symbol: '', label: '', at: 1 }] },
      { entries: [{ list: 'spot', symbol: 'BTC_USDT', label: '', at: -1 }] },
      { entries: 'all' },
    ];
    for (const body of bad) {
      const res = await put(client, body);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe(400);
      expect(res.body.message).toMatch(/invalid favourites/);
    }
  });

  it(`keeps at most ${MAX_FAVOURITES} entries: 500 are stored, 501 are refused with too_many_favourites`, async () => {
    const client = new Client(app);
    await client.login('vip', 'fav-limit');
    expect((await put(client, { entries: entries(MAX_FAVOURITES) })).body.data.count).toBe(MAX_FAVOURITES);
    const over = await put(client, { entries: entries(MAX_FAVOURITES + 1, 10_000) });
    expect(over.status).toBe(413);
    expect(over.body).toMatchObject({ code: 413, message: expect.stringMatching(/^too_many_favourites/) });
    expect((await client.json(PATH)).body.data.entries).toHaveLength(MAX_FAVOURITES);
  });

  it('has a body limit entry that fits 500 entries, and refuses a larger body with 413 before reading it', async () => {
    const limit = bodyLimitFor('PUT', PATH);
    expect(JSON.stringify({ entries: entries(MAX_FAVOURITES, 1_700_000_000_000) }).length).toBeLessThan(
      limit,
    );
    const client = new Client(app);
    await client.login('vip', 'fav-bytes');
    const res = await put(client, JSON.stringify({ entries: [], pad: 'x'.repeat(limit) }));
    expect(res.status).toBe(413);
  });

  it(`bounds a user's stored list in bytes: ${MAX_FAVOURITES} typical entries fit, long ones are refused with 413`, async () => {
    const client = new Client(app);
    await client.login('vip', 'fav-stored-bytes');
    const typical = entries(MAX_FAVOURITES, 1_700_000_000_000);
    expect(Buffer.byteLength(JSON.stringify(typical))).toBeLessThan(MAX_FAVOURITES_BYTES);
    expect((await put(client, { entries: typical })).status).toBe(200);
    const long = typical.map((e, k) => ({
      ...e,
      symbol: `${'S'.repeat(100)}${k}_USDT`,
      label: 'L'.repeat(60),
    }));
    const refused = await put(client, { entries: long });
    expect(refused.status).toBe(413);
    expect(refused.body.message).toMatch(/^favourites_too_large/);
    // The stored list is the last accepted one.
    expect((await client.json(PATH)).body.data.entries).toHaveLength(MAX_FAVOURITES);
  });
});
