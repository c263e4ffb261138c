// Named search profiles (SPEC §5): each list kind's fields and tier list, applied by search/rank.ts.
import { describe, expect, it } from 'vitest';
import { aliasFor, defineProfile, SEARCH_PROFILES } from '../../workers/market/search/profiles.ts';
import { normaliseTerm } from '../../workers/market/search/term.ts';
import { rankedLabels as ranked, searchTable as table } from './search-table.ts';

const pair = (base: string, quote: string, name = base) => ({
  base,
  quote,
  name,
  pair: `${base}_${quote}`,
});

describe('the tier lists read as SPEC §5', () => {
  it('spot and futures share one profile: alias, then the six SPEC §5 tiers, then fuzzy on the name', () => {
    expect(SEARCH_PROFILES.futures).toBe(SEARCH_PROFILES.spot);
    const p = SEARCH_PROFILES.spot;
    expect(p.id).toBe('pair');
    expect(p.fields).toEqual(['base', 'quote', 'name', 'pair']);
    expect(p.tiers.map((t) => t.name)).toEqual([
      "alias ('nmt', 'nm' → NMT)",
      'base equals term',
      'base starts with term',
      'quote equals term',
      'base contains term',
      'quote contains term',
      'name or pair contains term',
    ]);
    expect(p.fuzzy?.field).toBe('name');
  });

  it('pilot searches show_pair or address (SPEC §5), without a fuzzy tier', () => {
    const p = SEARCH_PROFILES.pilot;
    expect(p.id).toBe('pilot');
    expect(p.fields).toEqual(['show_pair', 'address']);
    expect(p.tiers.map((t) => t.name)).toEqual([
      'ticker equals term',
      'show_pair starts with term',
      'address starts with term',
      'show_pair contains term',
      'address contains term',
    ]);
    expect(new Set(p.tiers.flatMap((t) => t.fields))).toEqual(new Set(['show_pair', 'address']));
    expect(p.fuzzy).toBeNull();
  });

  it('pre-market searches the currency only (SPEC §5)', () => {
    const p = SEARCH_PROFILES.premarket;
    expect(p.id).toBe('currency');
    expect(p.fields).toEqual(['currency']);
    expect(p.tiers.map((t) => t.name)).toEqual([
      'currency equals term',
      'currency starts with term',
      'currency contains term',
    ]);
  });
});

describe('spot tiers by field name (SPEC §5)', () => {
  // One row per tier for 'abc'; volumes rise as tiers fall, so only the tier can explain the order.
  const rows = [
    pair('zzz', 'usdt', 'abc token'),
    pair('foo', 'xabcx'),
    pair('xabc', 'usdt'),
    pair('xyz', 'abc'),
    pair('abcd', 'usdt'),
    pair('abc', 'usdt'),
  ];
  it('ranks base equals > starts with > quote equals > base contains > quote contains > name or pair', async () => {
    const t = table('spot', rows, [600, 500, 400, 300, 200, 10]);
    expect(await ranked(t, 'ABC')).toEqual(['L5', 'L4', 'L3', 'L2', 'L1', 'L0']);
  });

  it('reads a typed slash as the pair id (name or pair contains, SPEC §5)', async () => {
    const t = table('futures', [pair('abc', 'usdt'), pair('abc', 'btc')]);
    expect(await ranked(t, 'abc/btc')).toEqual(['L1']);
  });

  it("puts the token 'nm' and 'nmt' name first, even when its fields do not contain the term (SPEC §5)", async () => {
    const t = table(
      'spot',
      [pair('nm', 'usdt'), pair('nmt', 'usdt', 'numbers'), pair('nmr', 'usdt')],
      [9, 1, 5],
    );
    expect(await ranked(t, 'nm')).toEqual(['L1', 'L0', 'L2']);
    expect(await ranked(t, 'nmt')).toEqual(['L1']);
  });

  it('treats terms named like object keys as plain terms, not aliases', async () => {
    expect(aliasFor(SEARCH_PROFILES.spot, 'constructor')).toBeNull();
    expect(aliasFor(SEARCH_PROFILES.spot, '__proto__')).toBeNull();
    const t = table('spot', [pair('constructor', 'usdt')]);
    expect(await ranked(t, 'constructor')).toEqual(['L0']);
  });
});

describe('pilot tiers by field name (SPEC §5: show_pair or address)', () => {
  it('ranks ticker equals > show_pair starts with > address starts with > show_pair contains > address contains', async () => {
    const t = table(
      'pilot',
      [
        { show_pair: 'zzz/sol', address: 'q9pip' },
        { show_pair: 'xpip/sol', address: 'q1' },
        { show_pair: 'zzz/sol', address: 'pip42' },
        { show_pair: 'pipx/sol', address: 'q2' },
        { show_pair: 'pip/sol', address: 'q3' },
      ],
      [500, 400, 300, 200, 1],
    );
    expect(await ranked(t, 'pip')).toEqual(['L4', 'L3', 'L2', 'L1', 'L0']);
  });

  it('ranks by the first tier that holds, even when the first hit is in an earlier field', async () => {
    // Row 0's show_pair contains 'ab' and its address starts with it: address starts with wins.
    const t = table(
      'pilot',
      [
        { show_pair: 'xab/sol', address: 'ab12' },
        { show_pair: 'yab/sol', address: 'cd34' },
      ],
      [1, 100],
    );
    expect(await ranked(t, 'ab')).toEqual(['L0', 'L1']);
  });

  it('keeps the slash of a pilot pair and matches addresses case-insensitively', async () => {
    const t = table('pilot', [{ show_pair: 'pippin/sol', address: 'dfh5dzrgsvvckp' }]);
    expect(await ranked(t, 'PIPPIN/SOL')).toEqual(['L0']);
    expect(await ranked(t, 'DFH5DZ')).toEqual(['L0']);
  });
});

describe('pre-market tiers by field name (SPEC §5: currency)', () => {
  it('ranks currency equals > starts with > contains', async () => {
    const t = table(
      'premarket',
      [{ currency: 'xmoo' }, { currency: 'moox' }, { currency: 'moo' }],
      [3, 2, 1],
    );
    expect(await ranked(t, 'moo')).toEqual(['L2', 'L1', 'L0']);
  });
});

describe('defineProfile', () => {
  const base = {
    id: 'test',
    fields: ['a', 'b'] as const,
    slashAs: null,
    aliases: {},
    aliasField: null,
    fuzzy: null,
  };
  it('accepts a well-formed profile', () => {
    expect(defineProfile({ ...base, tiers: [{ name: 'a', test: 'equals', fields: ['a'] }] }).id).toBe('test');
  });
  it('rejects a tier on an undeclared field, an alias tier without alias field, and no tiers', () => {
    const unknown = { name: 'c', test: 'equals', fields: ['c'] } as never;
    expect(() => defineProfile({ ...base, tiers: [unknown] })).toThrow(/unknown field/);
    expect(() => defineProfile({ ...base, tiers: [{ name: 'x', test: 'alias', fields: ['a'] }] })).toThrow(
      /alias field/,
    );
    expect(() => defineProfile({ ...base, tiers: [] })).toThrow(/tiers/);
  });
  it('rejects repeated or no field names, over 255 tiers, a tier with no field, unknown alias and fuzzy fields', () => {
    const ok = [{ name: 'a', test: 'equals', fields: ['a'] }] as const;
    expect(() => defineProfile({ ...base, fields: ['a', 'a'], tiers: ok })).toThrow(/unique and non-empty/);
    expect(() => defineProfile({ ...base, fields: [], tiers: [] as never })).toThrow(/unique and non-empty/);
    const many = Array.from({ length: 256 }, (_, i) => ({
      name: `t${i}`,
      test: 'equals' as const,
      fields: ['a'] as 'a'[],
    }));
    expect(() => defineProfile({ ...base, tiers: many })).toThrow(/1–255 tiers/);
    expect(defineProfile({ ...base, tiers: many.slice(0, 255) }).tiers).toHaveLength(255);
    expect(() => defineProfile({ ...base, tiers: [{ name: 'e', test: 'equals', fields: [] }] })).toThrow(
      /unknown field/,
    );
    expect(() => defineProfile({ ...base, aliasField: 'z' as never, tiers: ok })).toThrow(
      /unknown alias field/,
    );
    expect(() =>
      defineProfile({ ...base, aliasField: 'a', tiers: [{ name: 'x', test: 'alias', fields: ['a', 'b'] }] }),
    ).toThrow(/alias field/);
    expect(
      defineProfile({ ...base, aliasField: 'a', tiers: [{ name: 'x', test: 'alias', fields: ['a'] }] }).id,
    ).toBe('test');
    expect(() =>
      defineProfile({ ...base, fuzzy: { field: 'z', minTermChars: 3 } as never, tiers: ok }),
    ).toThrow(/unknown fuzzy field/);
  });
});

describe('normaliseTerm (SPEC §5: case-insensitive, trimmed)', () => {
  it('trims, lower-cases, drops control characters and reads a slash as the profile says', () => {
    expect(normaliseTerm(' \u0001BTC/\u001fUSDT\n', SEARCH_PROFILES.spot)).toBe('btc_usdt');
    expect(normaliseTerm('PIPPIN/SOL\u0000', SEARCH_PROFILES.pilot)).toBe('pippin/sol');
  });
});
