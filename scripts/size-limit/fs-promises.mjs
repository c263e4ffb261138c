// `node:fs/promises` plus a `glob` for literal paths (Node 20 has no fs.glob). Patterns with wildcards throw, so a
// config that relies on real globbing fails loudly instead of measuring nothing.
import { statSync } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';

export * from 'node:fs/promises';

/** Yields a Dirent-like entry for each pattern that names an existing file; `x/**` siblings yield nothing. */
export async function* glob(patterns, { cwd = process.cwd() } = {}) {
  for (const pattern of [patterns].flat()) {
    if (pattern.endsWith('/**')) continue;
    if (/[*?[\]{}]/.test(pattern))
      throw new Error(`size-limit on Node 20: glob patterns are not supported (${pattern})`);
    const path = resolve(cwd, pattern);
    let file = false;
    try {
      file = statSync(path).isFile();
    } catch {
      continue;
    }
    yield { name: basename(path), parentPath: dirname(path), isFile: () => file };
  }
}
