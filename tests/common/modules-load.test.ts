// Every module of common/ loads in node (the realm-neutral layer: sub-site and locale maps, wire schemas, the URL
// policy). The imports happen inside the tests, so a declaration that throws as its module loads fails a test here
// instead of only failing to collect the files that import it, which mutation testing (docs/TESTING.md 'Mutation
// testing') would not count as a detected fault.
import { describe, expect, it } from 'vitest';

const modules = import.meta.glob<Record<string, unknown>>('../../common/**/*.ts');

describe('the common modules load', () => {
  it('finds the common layer', () => {
    expect(Object.keys(modules).length).toBeGreaterThanOrEqual(25);
  });
  it.each(Object.keys(modules))('%s loads', async (path) => {
    await expect(modules[path]!()).resolves.toBeTypeOf('object');
  });
});
