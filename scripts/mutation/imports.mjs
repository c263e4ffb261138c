// The static import graph of the repository's own TypeScript modules, for the mutation scopes
// (scripts/mutation/scopes.mjs): which source files a test file reaches through its relative imports. Type-only
// imports (`import type`, `export type … from`) are left out: they carry no value a mutant could change.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';

// `import … from 'x'`, `export … from 'x'`, `import 'x'`, `import('x')`, `vi.importActual('x')`; and Vite's
// `import.meta.glob('x/**/*.ts')`, whose matches count as imports.
const IMPORT =
  /(?:^|[;\n}])\s*(import|export)\s+(type\s+)?(?:[^'";]*?\sfrom\s*)?['"]([^'"]+)['"]|(?:import|importActual|importOriginal)\s*(?:<[^(]*>)?\(\s*['"]([^'"]+)['"]\s*\)|import\.meta\.glob\s*(?:<[^(]*>)?\(\s*['"]([^'"]+)['"]/g;

/** The repository file a relative specifier in `from` names (`.ts`, `.tsx`, `.js` → `.ts`, `index.ts`), or null. */
function resolve(from, spec) {
  if (!spec.startsWith('.')) return null;
  const base = normalize(join(dirname(from), spec.replace(/\?.*$/, '')));
  const candidates = [
    base,
    base.replace(/\.js$/, '.ts'),
    `${base}.ts`,
    `${base}.tsx`,
    join(base, 'index.ts'),
  ];
  return candidates.find((c) => /\.(ts|tsx|mjs|js)$/.test(c) && existsSync(c)) ?? null;
}

/** The repository files `file` imports for their values (relative specifiers only; packages are not followed). */
function directImports(file) {
  const text = readFileSync(file, 'utf8');
  const out = [];
  for (const m of text.matchAll(IMPORT)) {
    if (m[2]) continue; // import type / export type
    if (m[5]) {
      const glob = normalize(join(dirname(file), m[5]));
      out.push(...expand([glob], glob.slice(0, glob.search(/\/[^/]*\*/))));
      continue;
    }
    const target = resolve(file, m[3] ?? m[4]);
    if (target) out.push(target);
  }
  return out;
}

const reachCache = new Map();

/** Every repository file `file` reaches through value imports, itself included (paths relative to the root). */
export function reach(file) {
  const hit = reachCache.get(file);
  if (hit) return hit;
  const seen = new Set([file]);
  const queue = [file];
  while (queue.length)
    for (const next of directImports(queue.pop()))
      if (!seen.has(next)) {
        seen.add(next);
        queue.push(next);
      }
  reachCache.set(file, seen);
  return seen;
}

/** A glob with `*` and `**` (the only forms the scopes use) as a RegExp over root-relative paths. */
function globToRegExp(glob) {
  const part = (text) => text.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*');
  return new RegExp(`^${glob.split('**/').map(part).join('(?:.*/)?')}$`);
}

/** The files under the root's `dir` that match any of `globs` (a leading `!` excludes), sorted. */
export function expand(globs, dir = '.') {
  const include = globs.filter((g) => !g.startsWith('!')).map(globToRegExp);
  const exclude = globs.filter((g) => g.startsWith('!')).map((g) => globToRegExp(g.slice(1)));
  const files = readdirSync(dir, { recursive: true })
    .map((f) => join(dir, String(f)))
    .filter((f) => include.some((r) => r.test(f)) && !exclude.some((r) => r.test(f)));
  return files.sort();
}
