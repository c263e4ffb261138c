// The scopes of `npm run mutation` (docs/TESTING.md 'Mutation testing'): the pure core, one folder at a time. Each
// names the files Stryker mutates and the Vitest files that test them (the run executes only those, so a scope's
// dry run does not pay for the whole suite). Shared by stryker.config.mjs and vitest.mutation.config.mjs.
//
// A scope with `groups` runs as one Stryker run per group (`<scope>.<group>`): the group's files, against the
// scope's test files that import one of them (directly or through other modules: scripts/mutation/imports.mjs).
// Stryker runs a *static* mutant (one in a declaration that runs as its module loads) against every test of its
// run; in a group that is every test that can read the declaration, and no other.
import { expand, reach } from './imports.mjs';

/** @type {Record<string, {mutate: string[], tests: string[], groups?: Record<string, string[]>}>} */
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
      // (the message link resolver: reads the SPEC §2 type and template keys of common/domain/notice-types.ts)
      'tests/messages/resolve-link.test.ts',
    ],
    // Files whose tests overlap run together; a file with many declarations (notice-types, wire/market, wire/user)
    // sits in a group whose tests are few, so each of its static mutants runs only those.
    groups: {
      // SPEC §1/§6 the user wire shapes.
      user: ['common/wire/user.ts'],
      // SPEC §5 market lists: the pilot wire columns, the engine's listeners, the list geometry.
      market: ['common/wire/market.ts', 'common/listeners.ts', 'common/market-list-geometry.ts'],
      // The live socket's frames and the favourites list (merge, tombstones).
      live: ['common/wire/live.ts', 'common/wire/favourites.ts'],
      // SPEC §2 message types and the announcement bar.
      notices: ['common/domain/notice-types.ts', 'common/domain/announcement.ts', 'common/wire/messages.ts'],
      // The page wire shapes: site data, header, buy menu, the lenient field readers.
      pages: [
        'common/wire/site.ts',
        'common/wire/header.ts',
        'common/wire/buy.ts',
        'common/wire/lenient.ts',
        'common/wire/page.ts',
      ],
      // The page loader's early script (theme, start, early input).
      loader: ['common/page-loader.ts'],
      // SPEC §1 routes and the links built on them.
      routes: ['common/domain/route.ts', 'common/domain/site-links.ts'],
      // SPEC §1/§9 sub-sites, hosts, locales.
      sites: [
        'common/domain/sub-sites.ts',
        'common/domain/hosts.ts',
        'common/domain/locales.ts',
        'common/own.ts',
      ],
      // SPEC §8 the URL policy, the fetch wrapper, its endpoints and envelope, zod's CSP mode; formats, personas and
      // idle scheduling (read by most of the same tests, and with no declaration a static mutant could change).
      net: [
        'common/url-policy.ts',
        'common/http.ts',
        'common/wire/endpoints.ts',
        'common/wire/envelope.ts',
        'common/zod-csp.ts',
        'common/idle.ts',
        'common/domain/personas.ts',
        'common/domain/market-format.ts',
      ],
    },
  },
};

/**
 * A scope's group `group` as a run: its files to mutate, and the scope's test files that reach one of them through
 * value imports. Throws when a file of the scope is in no group or in two, or a group names a file the scope does
 * not mutate (a file left out of every group would never be mutated).
 */
function groupRun(scopeName, scope, group) {
  const files = expand(scope.mutate);
  const owner = new Map();
  for (const [name, list] of Object.entries(scope.groups))
    for (const file of list) {
      if (!files.includes(file))
        throw new Error(`mutation group ${scopeName}.${name}: ${file} is not in the scope`);
      if (owner.has(file))
        throw new Error(`mutation groups ${scopeName}.${owner.get(file)} and ${name} both name ${file}`);
      owner.set(file, name);
    }
  const orphans = files.filter((f) => !owner.has(f));
  if (orphans.length) throw new Error(`mutation scope ${scopeName}: no group names ${orphans.join(', ')}`);
  const mutate = scope.groups[group];
  if (!mutate)
    throw new Error(`${scopeName} groups are ${Object.keys(scope.groups).join(', ')} (got '${group}')`);
  const tests = expand(scope.tests).filter((test) => mutate.some((file) => reach(test).has(file)));
  return { name: `${scopeName}.${group}`, mutate, tests };
}

/**
 * The Stryker runs `npm run mutation <name>` makes: for a scope its name, or `<scope>.<group>` for each of its
 * groups; for one group (`common.sites`) that group. Throws on an unknown name.
 */
export function runsOf(name) {
  const [scopeName, group] = name.split('.');
  const scope = SCOPES[scopeName];
  if (!scope || (group && !scope.groups?.[group]))
    throw new Error(`mutation scopes are ${Object.keys(SCOPES).join(', ')} and their groups (got '${name}')`);
  if (group) return [name];
  return scope.groups ? Object.keys(scope.groups).map((g) => `${scopeName}.${g}`) : [scopeName];
}

/**
 * The run named by MUTATION_SCOPE: a scope (`policy`), one group of a scope (`common.sites`), or, with none, `all`
 * (every scope's files at once: one long run). A scope with groups named whole runs all its files against all its
 * tests (every static mutant against every test). Returns {name, mutate, tests}; throws on an unknown name.
 */
export function currentScope() {
  const name = process.env.MUTATION_SCOPE || 'all';
  if (name === 'all') {
    const all = Object.values(SCOPES);
    return { name, mutate: all.flatMap((s) => s.mutate), tests: [...new Set(all.flatMap((s) => s.tests))] };
  }
  const [scopeName, group] = name.split('.');
  const scope = SCOPES[scopeName];
  if (!scope || (group && !scope.groups))
    throw new Error(`MUTATION_SCOPE must be one of ${Object.keys(SCOPES).join(', ')} (got '${name}')`);
  if (group) return groupRun(scopeName, scope, group);
  return { name, mutate: scope.mutate, tests: scope.tests };
}
