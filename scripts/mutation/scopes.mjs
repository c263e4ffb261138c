// The scopes of `npm run mutation` (docs/TESTING.md 'Mutation testing'): the pure core, one folder at a time. Each
// names the files Stryker mutates and the Vitest files that test them (the run executes only those, so a scope's
// dry run does not pay for the whole suite). Shared by stryker.config.mjs and vitest.mutation.config.mjs.

/** @type {Record<string, {mutate: string[], tests: string[]}>} */
export const SCOPES = {
  // SPEC §6 visibility policy. use-policy.ts is the React hook that feeds it from the stores (no logic of its own).
  policy: {
    mutate: ['src/policy/**/*.ts', '!src/policy/use-policy.ts'],
    tests: ['tests/policy/**/*.test.ts', 'tests/drawer/**/*.test.ts', 'tests/menus/**/*.test.ts'],
  },
  // SPEC §2 message types and notification targets.
  messages: {
    mutate: ['src/messages/resolve-link.ts'],
    tests: ['tests/messages/resolve-link.test.ts'],
  },
  // SPEC §5 search ranking of the market engine.
  search: {
    mutate: ['workers/market/search/**/*.ts'],
    tests: [
      // Imports each module inside a test: a mutant that makes a profile throw as it loads is detected there.
      'tests/engine/search-load.test.ts',
      'tests/engine/rank.test.ts',
      'tests/engine/rank-reference.test.ts',
      'tests/engine/select.test.ts',
      'tests/engine/filter.test.ts',
      'tests/engine/profiles.test.ts',
      'tests/engine/fuzzy.test.ts',
      'tests/engine/search-all.test.ts',
      // filter.ts (tabs, new listings, the favourites tab) through the engine's list queries too.
      'tests/engine/lists.test.ts',
      'tests/engine/favourites.test.ts',
    ],
  },
  // The realm-neutral layer: sub-sites, locales, routes, the URL policy, wire schemas, the fetch wrapper.
  common: {
    mutate: ['common/**/*.ts'],
    tests: [
      // (tests/common/modules-load imports each module inside a test, so a mutant that throws at load is detected.)
      'tests/common/**/*.test.ts',
      'tests/api/**/*.test.ts',
      'tests/engine/listeners.test.ts',
      // (mergeFavourites of common/wire/favourites.ts: commutative, associative, idempotent; tombstones)
      'tests/engine/favourites.test.ts',
      'tests/engine/fallback.test.ts',
      'tests/engine/server-contract.test.ts',
      'tests/markets/idle.test.ts',
      // (not inline-csp.test.ts: it checks the built page's inline code, which the sandbox does not build)
      'tests/loader/early-input.test.ts',
      'tests/loader/theme-and-start.test.ts',
      'tests/announcement/**/*.test.ts',
      'tests/server/request-lang.test.ts',
      'tests/server/site.test.ts',
      'tests/server/messages-routes.test.ts',
      'tests/settings/client-logic.test.ts',
    ],
  },
};

/**
 * The scope named by MUTATION_SCOPE; with none, `all` (every scope's files at once: one long run). Throws with the
 * list of names when the name is unknown.
 */
export function currentScope() {
  const name = process.env.MUTATION_SCOPE || 'all';
  if (name === 'all') {
    const all = Object.values(SCOPES);
    return { name, mutate: all.flatMap((s) => s.mutate), tests: [...new Set(all.flatMap((s) => s.tests))] };
  }
  const scope = SCOPES[name];
  if (!scope)
    throw new Error(`MUTATION_SCOPE must be one of ${Object.keys(SCOPES).join(', ')} (got '${name}')`);
  return { name, ...scope };
}
