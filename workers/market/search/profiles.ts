/**
 * Named search profiles (SPEC §5): for each list kind, the fields a search reads (by name, in haystack order) and
 * its tier list, best first. This file is the one place to read how a list ranks a term; search/rank.ts applies the
 * tiers, search/fuzzy.ts the typo-tolerant last tier, table.ts stores the fields. Pure data, no I/O.
 *
 * How a tier list reads: a row lands in the first tier whose test holds for the (normalised, lower-cased) term;
 * within a tier rows go by 24h volume in USDT, descending (search/select.ts); the fuzzy tier, when a profile has one,
 * comes after every tier and adds only rows no tier matched.
 */
import type { MarketKind } from '../contract.ts';

/**
 * How a tier tests a field against the term:
 * - `equals`: the field is the term;
 * - `startsWith`: the field starts with the term;
 * - `contains`: the field contains the term anywhere;
 * - `tickerEquals`: the part before the field's '/' is the term (`pippin` for `pippin/sol`), or the field is the term;
 * - `alias`: the term is one of the profile's alias terms and the field is the token it names.
 */
export type TierTest = 'equals' | 'startsWith' | 'contains' | 'tickerEquals' | 'alias';

/** One tier: a readable name and the test, which holds when it holds for any of `fields`. */
export interface Tier<F extends string> {
  name: string;
  test: TierTest;
  fields: readonly F[];
}

/** The typo-tolerant last tier (fuse.js over the distinct values of one field). */
export interface FuzzyTier<F extends string> {
  field: F;
  /** Shortest term it runs for: typo tolerance on 1–2 letters is noise. */
  minTermChars: number;
  /** fuse.js threshold (0 exact … 1 anything). */
  threshold: number;
}

/** A list kind's search: its fields, how a term is read, its tiers, aliases and fuzzy tier. */
export interface SearchProfile<F extends string = string> {
  /** Name used in logs and tests. */
  id: string;
  /** Searchable fields, lower-cased at build time; their order is the haystack order (table.ts). */
  fields: readonly F[];
  /** A '/' typed in the term is read as this text (pair lists: `btc/usdt` is the pair id `btc_usdt`); null keeps it. */
  slashAs: string | null;
  /** Alias terms (lower case) → the token they name, matched on `aliasField` (the `alias` tier). */
  aliases: Readonly<Record<string, string>>;
  /** The field alias rows are keyed by (base, currency); null when the profile has no aliases. */
  aliasField: F | null;
  /** Tiers, best first. */
  tiers: ReadonlyArray<Tier<F>>;
  fuzzy: FuzzyTier<F> | null;
}

/** The field names of a profile. */
export type FieldOf<P> = P extends SearchProfile<infer F> ? F : never;

const tier = <F extends string>(name: string, test: TierTest, ...fields: F[]): Tier<F> => ({
  name,
  test,
  fields,
});

/**
 * Checks a profile once at load and returns it typed: every tier names declared fields, an `alias` tier tests the
 * alias field, at most 255 tiers (rank.ts keeps tiers as bytes), and no field name is used twice. Throws on a broken
 * profile (a programming error, caught by the profile tests).
 */
export function defineProfile<const F extends string>(p: SearchProfile<F>): SearchProfile<F> {
  const known = new Set<string>(p.fields);
  if (known.size !== p.fields.length || p.fields.length === 0)
    throw new Error(`search profile ${p.id}: field names must be unique and non-empty`);
  if (p.tiers.length === 0 || p.tiers.length > 255) throw new Error(`search profile ${p.id}: 1–255 tiers`);
  for (const t of p.tiers) {
    if (t.fields.length === 0 || t.fields.some((f) => !known.has(f)))
      throw new Error(`search profile ${p.id}: tier '${t.name}' names an unknown field`);
    if (t.test === 'alias' && (p.aliasField === null || t.fields.some((f) => f !== p.aliasField)))
      throw new Error(`search profile ${p.id}: tier '${t.name}' must test the alias field`);
  }
  if (p.aliasField !== null && !known.has(p.aliasField))
    throw new Error(`search profile ${p.id}: unknown alias field`);
  if (p.fuzzy && !known.has(p.fuzzy.field)) throw new Error(`search profile ${p.id}: unknown fuzzy field`);
  return p;
}

/**
 * Spot and futures (SPEC §5): "base equals term, base starts with term, quote equals term, base contains term, quote
 * contains term, then name or pair contains term. 'nmt' and 'nm' map to a particular token" — that token ranks
 * first. Then the fuzzy tier on the coin name ('etherium' finds Ethereum; ARCHITECTURE.md 'Search is tiered first, fuzzy
 * last'). Fields: base and quote of the pair, the coin's full name, the pair id (`btc_usdt`).
 */
export const PAIR_SEARCH = defineProfile({
  id: 'pair',
  fields: ['base', 'quote', 'name', 'pair'],
  slashAs: '_',
  aliases: { nmt: 'NMT', nm: 'NMT' },
  aliasField: 'base',
  tiers: [
    tier("alias ('nmt', 'nm' → NMT)", 'alias', 'base'),
    tier('base equals term', 'equals', 'base'),
    tier('base starts with term', 'startsWith', 'base'),
    tier('quote equals term', 'equals', 'quote'),
    tier('base contains term', 'contains', 'base'),
    tier('quote contains term', 'contains', 'quote'),
    tier('name or pair contains term', 'contains', 'name', 'pair'),
  ],
  fuzzy: { field: 'name', minTermChars: 3, threshold: 0.3 },
});

/**
 * Pilot tokens (SPEC §5: "Pilot search matches show_pair or address"). Order: the ticker (`PIPPIN` of
 * `PIPPIN/SOL`) equals the term, show_pair starts with it, the address starts with it (a pasted address), then
 * show_pair or address contains it. No fuzzy tier: the list holds up to 100k rows.
 */
export const PILOT_SEARCH = defineProfile({
  id: 'pilot',
  fields: ['show_pair', 'address'],
  slashAs: null,
  aliases: {},
  aliasField: null,
  tiers: [
    tier('ticker equals term', 'tickerEquals', 'show_pair'),
    tier('show_pair starts with term', 'startsWith', 'show_pair'),
    tier('address starts with term', 'startsWith', 'address'),
    tier('show_pair contains term', 'contains', 'show_pair'),
    tier('address contains term', 'contains', 'address'),
  ],
  fuzzy: null,
});

/** Pre-market and pre-mint (SPEC §5: "Pre-market search matches currency"): equals, starts with, contains. */
export const CURRENCY_SEARCH = defineProfile({
  id: 'currency',
  fields: ['currency'],
  slashAs: null,
  aliases: {},
  aliasField: null,
  tiers: [
    tier('currency equals term', 'equals', 'currency'),
    tier('currency starts with term', 'startsWith', 'currency'),
    tier('currency contains term', 'contains', 'currency'),
  ],
  fuzzy: null,
});

/** The profile of each list kind. */
export const SEARCH_PROFILES = {
  spot: PAIR_SEARCH,
  futures: PAIR_SEARCH,
  pilot: PILOT_SEARCH,
  premarket: CURRENCY_SEARCH,
} as const satisfies Record<MarketKind, SearchProfile>;

/** The profile of list kind K. */
export type ProfileOf<K extends MarketKind> = (typeof SEARCH_PROFILES)[K];

/**
 * The lower-cased token an alias term names in `profile` (`nm` → `nmt` on pair lists), or null when `term` (already
 * normalised) is no alias. Own keys only: a term like `constructor` is not an alias.
 */
export function aliasFor(profile: SearchProfile, term: string): string | null {
  return Object.hasOwn(profile.aliases, term) ? profile.aliases[term]!.toLowerCase() : null;
}
