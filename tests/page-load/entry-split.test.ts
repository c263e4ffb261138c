// The entry runs before React has arrived (src/main.tsx, docs/BENCHMARKS.md 'Hydration at 4x'): its static import
// closure — imports and re-exports, not `import()` nor type-only imports — reaches no React, no React DOM, no
// component library and not valtio's React half. One such import would make the browser wait for React's chunk
// before running any of the entry again.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(__dirname, '../..');

/** Bare specifiers that bring React with them. */
const REACT_PACKAGES =
  /^(react|react-dom|scheduler|@radix-ui\/|@tanstack\/react-|valtio$|valtio\/react|valtio\/utils$)/;

/** The static (runtime) import specifiers of a TypeScript source: imports and re-exports, not type-only ones. */
function staticImports(source: string, fileName = 'x.ts'): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, false);
  const out: string[] = [];
  for (const node of file.statements) {
    if (ts.isImportDeclaration(node)) {
      const clause = node.importClause;
      const typeOnly =
        clause?.isTypeOnly ||
        (clause && !clause.name && clause.namedBindings && ts.isNamedImports(clause.namedBindings)
          ? clause.namedBindings.elements.length > 0 &&
            clause.namedBindings.elements.every((e) => e.isTypeOnly)
          : false);
      if (!typeOnly && ts.isStringLiteral(node.moduleSpecifier)) out.push(node.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && !node.isTypeOnly) {
      if (ts.isStringLiteral(node.moduleSpecifier)) out.push(node.moduleSpecifier.text);
    }
  }
  return out;
}

/** Walks the static closure of `entry` (project files); returns each bare import with the file that makes it. */
function bareImportsOf(entry: string): { spec: string; from: string }[] {
  const seen = new Set<string>();
  const bare: { spec: string; from: string }[] = [];
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const spec of staticImports(readFileSync(file, 'utf8'), file)) {
      if (spec.endsWith('.css')) continue;
      if (spec.startsWith('.')) {
        const target = resolve(dirname(file), spec);
        if (!existsSync(target)) throw new Error(`${relative(ROOT, file)}: cannot resolve ${spec}`);
        visit(target);
      } else {
        bare.push({ spec, from: relative(ROOT, file) });
      }
    }
  };
  visit(resolve(ROOT, entry));
  return bare;
}

describe('the entry needs no React', () => {
  it('src/main.tsx reaches no React package through its static imports', () => {
    const bare = bareImportsOf('src/main.tsx');
    expect(bare.length).toBeGreaterThan(0); // valtio/vanilla, js-cookie: the walk does reach packages
    expect(bare.filter((b) => REACT_PACKAGES.test(b.spec))).toEqual([]);
  });

  it('the mounting module does (the walk would see an import that brings React)', () => {
    const bare = bareImportsOf('src/mount.tsx');
    expect(bare.some((b) => b.spec === 'react')).toBe(true);
  });

  it('staticImports keeps imports and re-exports, drops import() and type-only imports', () => {
    const src = [
      `import { a } from './a.ts';`,
      `import type { B } from './b.ts';`,
      `import { type C } from './c.ts';`,
      `import './d.css';`,
      `export { e } from './e.ts';`,
      `export type { F } from './f.ts';`,
      `const g = import('./g.ts');`,
    ].join('\n');
    expect(staticImports(src)).toEqual(['./a.ts', './d.css', './e.ts']);
  });
});
