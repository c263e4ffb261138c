// The pilot list as columns (SPEC §7 pilot call, compact `format=columns` variant in docs/API.md; SPEC §9 cache
// `pilot_market_data` with typed arrays): wire check, server and worker agreeing, the format-1 migration, and the
// fall-backs of the source (SPEC §8).
import { describe, expect, it } from 'vitest';
import type { HttpResult } from '../../common/http.ts';
import { PilotColumnsWire, type PilotColumnsWire as Wire } from '../../common/wire/market.ts';
import { buildPilotColumns } from '../../server/market-data/pilot-columns.ts';
import { createMemoryStore, type CacheEntry } from '../../workers/market/cache.ts';
import { CACHE_NAMES } from '../../workers/market/config.ts';
import { buildPilotTable, pilotSource, toColumns } from '../../workers/market/sources/pilot.ts';
import {
  fromColumnsWire,
  isPilotColumns,
  migrateFormat1,
  migrateFormat2,
  type PilotColumns,
} from '../../workers/market/sources/pilot-columns.ts';
import type { SourceContext } from '../../workers/market/sources/source.ts';
import { envelope, realPilot } from '../fixtures/market-wire.ts';
import { packedAt } from '../../workers/market/packed-text.ts';
import { createFakeServer, createTestEngine, PATHS, TEST_CONFIG, topLabels } from './harness.ts';

const compact = (n = 600): Wire => JSON.parse(JSON.stringify(buildPilotColumns(realPilot(n)))) as Wire;

describe('compact pilot wire (PilotColumnsWire)', () => {
  it('the server form parses and decodes to the same columns as the SPEC §7 rows', () => {
    const rows = realPilot(600);
    const parsed = PilotColumnsWire.safeParse(compact(600));
    expect(parsed.success).toBe(true);
    const fromWire = fromColumnsWire(parsed.data!);
    const fromRowForm = toColumns(rows.cate, rows.list);
    expect(isPilotColumns(fromWire)).toBe(true);
    const table = (c: PilotColumns) => {
      const t = buildPilotTable(c);
      return { label: t.label, sub: t.sub, last: t.last, path: t.path, icon: t.icon, flags: [...t.flags] };
    };
    expect(table(fromWire)).toEqual(table(fromRowForm));
    expect([...fromWire.change_percentage]).toEqual([...fromRowForm.change_percentage]);
    expect([...fromWire.volume_24h]).toEqual([...fromRowForm.volume_24h]);
    expect(fromWire.categories.index).toEqual(fromRowForm.categories.index);
  });

  it('de-duplicates the icon and category columns (few distinct values)', () => {
    const c = compact(3000).columns;
    expect(Array.isArray(c.icon)).toBe(false);
    expect((c.icon as { dict: unknown[] }).dict.length).toBeLessThanOrEqual(279 + 1);
    expect(Array.isArray(c.address)).toBe(true);
  });

  const broken: Array<[string, (w: Wire) => void]> = [
    ['a column one row short', (w) => (w.columns.address as string[]).pop()],
    ['n larger than the columns', (w) => (w.n += 1)],
    ['n not an integer', (w) => (w.n = 1.5)],
    ['a number in a text column', (w) => ((w.columns.show_pair as unknown[])[3] = 7)],
    ['a string in a number column', (w) => ((w.columns.volume_24h as unknown[])[0] = '12')],
    ['a flag that is not 0 or 1', (w) => ((w.columns.is_hot as unknown[])[0] = 2)],
    ['a dictionary index out of range', (w) => (w.columns.categories.index[0] = 9999)],
    ['a negative dictionary index', (w) => (w.columns.categories.index[1] = -1)],
    ['a missing column', (w) => delete (w.columns as Partial<Wire['columns']>).price],
    ['columns that are null', (w) => ((w as { columns: unknown }).columns = null)],
  ];
  for (const [name, breakIt] of broken) {
    it(`rejects ${name}`, () => {
      const w = compact(300);
      breakIt(w);
      expect(PilotColumnsWire.safeParse(w).success).toBe(false);
    });
  }
});

describe('the pilot source: compact first, rows as the fall-back (SPEC §8)', () => {
  const rowsBody = envelope(realPilot(50));
  const ctx = (answer: (url: string) => HttpResult, urls: string[], logs: string[]): SourceContext => ({
    origin: 'https://example.test',
    csrfToken: 't',
    lang: 'en',
    timeZone: 'UTC',
    log: (m) => logs.push(m),
    previous: null,
    markIncomplete: () => undefined,
    fetchJson: async (url) => (urls.push(url), answer(url)),
  });
  const isCompact = (url: string) => url.includes('format=columns');
  const ok = (body: unknown): HttpResult => ({ ok: true, status: 200, body });

  it('asks for the compact form and makes one call when it is fine', async () => {
    const urls: string[] = [];
    const data = await pilotSource.fetch(ctx(() => ok(envelope(compact(50))), urls, []));
    expect(urls).toHaveLength(1);
    expect(urls[0]).toContain('exchange_type=PILOT_ALL&format=columns');
    expect(data?.n).toBe(50);
  });

  it('accepts rows from a server that ignores the format parameter (one call)', async () => {
    const urls: string[] = [];
    const data = await pilotSource.fetch(ctx(() => ok(rowsBody), urls, []));
    expect(urls).toHaveLength(1);
    expect(data?.n).toBe(50);
  });

  const unusable: Array<[string, HttpResult]> = [
    ['a malformed compact body', ok(envelope({ ...compact(50), n: 51 }))],
    ['unreadable JSON', { ok: false, reason: 'parse', status: 200 }],
    ['a 400', { ok: false, reason: 'http', status: 400 }],
    ['an envelope without code 200', ok({ code: 500, data: null })],
  ];
  for (const [name, answer] of unusable) {
    it(`falls back to the SPEC §7 rows after ${name}`, async () => {
      const urls: string[] = [];
      const logs: string[] = [];
      const data = await pilotSource.fetch(ctx((u) => (isCompact(u) ? answer : ok(rowsBody)), urls, logs));
      expect(urls.map(isCompact)).toEqual([true, false]);
      expect(data?.n).toBe(50);
    });
  }

  const down: Array<[string, HttpResult]> = [
    ['a time-out', { ok: false, reason: 'timeout' }],
    ['a network failure', { ok: false, reason: 'network' }],
    ['a 503', { ok: false, reason: 'http', status: 503 }],
  ];
  for (const [name, answer] of down) {
    it(`gives up after ${name} without a second call (the cache is kept)`, async () => {
      const urls: string[] = [];
      const data = await pilotSource.fetch(ctx(() => answer, urls, []));
      expect(urls).toHaveLength(1);
      expect(data).toBeNull();
    });
  }

  it('gives null when the rows fall-back is malformed too', async () => {
    const urls: string[] = [];
    const data = await pilotSource.fetch(
      ctx((u) => (isCompact(u) ? ok(envelope({ columns: null })) : ok(envelope({ cate: 'x' }))), urls, []),
    );
    expect(urls).toHaveLength(2);
    expect(data).toBeNull();
  });
});

/** A cache entry of `format` holding `data` (279 real rows) paints the pilot list with no network call. */
async function reloadsFrom(format: number, data: unknown) {
  const server = createFakeServer();
  const store = createMemoryStore();
  const stored: CacheEntry = { lang: 'en', savedAt: Date.now() - 1000, format, data };
  store.map.set(CACHE_NAMES.pilot, stored);
  const { engine } = createTestEngine(server, { store });
  await engine.init(TEST_CONFIG);
  const { labels } = await topLabels(engine, { kind: 'pilot', tab: '', term: 'pippin' }, 1);
  expect(labels[0]).toMatch(/PIPPIN/i);
  expect(server.count(PATHS.pilot)).toBe(0);
  engine.dispose();
}

describe('the stored form (format 3: packed text, typed arrays)', () => {
  const columns = () => toColumns('hot', realPilot(50).list);

  it('trims pairs and addresses once, on the way in, and keeps every value', () => {
    const { list } = realPilot(50);
    const c = toColumns(
      'hot',
      list.map((r, i) => (i === 2 ? { ...r, show_pair: `  ${r.show_pair} ` } : r)),
    );
    expect(packedAt(c.show_pair, 2)).toBe(list[2]!.show_pair.trim());
    expect(list.map((r, i) => packedAt(c.address, i))).toEqual(list.map((r) => r.address.trim()));
    expect(list.map((r, i) => packedAt(c.price, i))).toEqual(list.map((r) => r.price));
  });

  const broken: Array<[string, (c: PilotColumns) => void]> = [
    ['offsets that go back', (c) => ([c.name.ends[3], c.name.ends[4]] = [c.name.ends[4]!, c.name.ends[3]!])],
    ['offsets past the text', (c) => (c.price.text = c.price.text.slice(0, -1))],
    ['an empty address', (c) => (c.address.ends[1] = c.address.ends[0]!)],
    ['a text column of plain strings', (c) => ((c as { seo_path: unknown }).seo_path = ['a'])],
    ['an icon index past its dictionary', (c) => (c.icon.index[0] = c.icon.dict.ends.length)],
    ['a category index past its dictionary', (c) => (c.categories.index[0] = c.categories.dict.length)],
    ['a number column that is an array', (c) => ((c as { volume_24h: unknown }).volume_24h = [1])],
  ];
  for (const [name, breakIt] of broken) {
    it(`rejects ${name}`, () => {
      const c = structuredClone(columns());
      expect(isPilotColumns(c)).toBe(true);
      breakIt(c);
      expect(isPilotColumns(c)).toBe(false);
    });
  }
});

describe('format-2 pilot cache entries (string arrays, string icon dictionary)', () => {
  /** The format-2 writer as it was: text columns as string arrays, dictionaries of plain values. */
  const format2 = (n: number) => {
    const { cate, list } = realPilot(n);
    const icons = [...new Set(list.map((r) => r.icon ?? null))];
    const cats = [...new Set(list.map((r) => r.categories.join('\u0000')))];
    return {
      cate,
      n,
      name: list.map((r) => r.name),
      address: list.map((r) => r.address),
      show_pair: list.map((r) => r.show_pair),
      seo_path: list.map((r) => r.seo_path),
      price: list.map((r) => r.price),
      icon: { dict: icons, index: Uint32Array.from(list, (r) => icons.indexOf(r.icon ?? null)) },
      categories: {
        dict: cats.map((c) => (c ? c.split('\u0000') : [])),
        index: Uint32Array.from(list, (r) => cats.indexOf(r.categories.join('\u0000'))),
      },
      is_hot: Uint8Array.from(list, (r) => (r.is_hot ? 1 : 0)),
      change_percentage: Float64Array.from(list, (r) => Number(r.change_percentage || NaN)),
      volume_24h: Float64Array.from(list, (r) => Number(r.volume_24h || NaN)),
    };
  };

  it('migrates to a table that draws the same rows as the rows give', () => {
    const { cate, list } = realPilot(300);
    const migrated = migrateFormat2(format2(300));
    expect(migrated && isPilotColumns(migrated)).toBe(true);
    const a = buildPilotTable(migrated!);
    const b = buildPilotTable(toColumns(cate, list));
    const texts = (t: typeof a) =>
      Array.from({ length: t.n }, (_, i) => [
        t.label.at(i),
        t.sub.at(i),
        t.last.at(i),
        t.path.at(i),
        t.icon[i],
      ]);
    expect(texts(a)).toEqual(texts(b));
    expect([...a.flags]).toEqual([...b.flags]);
  });

  it('returns null for anything else', () => {
    expect(migrateFormat2(null)).toBeNull();
    expect(migrateFormat2({ ...format2(3), n: 4 })).toBeNull();
    expect(migrateFormat2({ ...format2(3), address: ['a', 'b', 7] })).toBeNull();
    const badIcon = format2(3);
    badIcon.icon.index[0] = 99;
    expect(migrateFormat2(badIcon)).toBeNull();
  });

  it('a reload paints from a format-2 entry without a network call', () => reloadsFrom(2, format2(279)));
});

describe('format-1 pilot cache entries (one JSON string of string columns)', () => {
  /** The format-1 writer as it was: string columns, `is_hot` 0/1, comma-joined categories, one JSON string. */
  const format1 = (n: number) => {
    const { cate, list } = realPilot(n);
    const columns = {
      name: list.map((r) => r.name),
      address: list.map((r) => r.address),
      show_pair: list.map((r) => r.show_pair),
      icon: list.map((r) => r.icon ?? null),
      seo_path: list.map((r) => r.seo_path),
      is_hot: list.map((r) => (r.is_hot ? 1 : 0)),
      price: list.map((r) => r.price),
      change_percentage: list.map((r) => r.change_percentage),
      volume_24h: list.map((r) => r.volume_24h),
      categories: list.map((r) => r.categories.join(',')),
    };
    return { cate, n, columns: JSON.stringify(columns) };
  };

  it('migrates to the same columns as the rows give', () => {
    const { cate, list } = realPilot(300);
    const migrated = migrateFormat1(format1(300));
    expect(migrated && isPilotColumns(migrated)).toBe(true);
    const direct = toColumns(cate, list);
    expect(buildPilotTable(migrated!).label).toEqual(buildPilotTable(direct).label);
    expect([...migrated!.volume_24h]).toEqual([...direct.volume_24h]);
    expect(migrated!.categories.dict.map((d) => d.join(','))).toEqual(
      direct.categories.dict.map((d) => d.join(',')),
    );
  });

  it('returns null for anything else', () => {
    expect(migrateFormat1(null)).toBeNull();
    expect(migrateFormat1({ cate: 'x', n: 1, columns: '{"name":[' })).toBeNull();
    expect(migrateFormat1({ ...format1(3), n: 4 })).toBeNull();
  });

  it('a reload paints from a format-1 entry without a network call', () => reloadsFrom(1, format1(279)));
});
