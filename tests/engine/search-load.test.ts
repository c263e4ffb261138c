// Every module of the search core loads (SPEC §5 profiles): the profiles run their load-time checks
// (search/profiles.ts defineProfile) as the module is imported. The imports happen inside the tests, so a broken
// profile fails a test here instead of only failing to collect the files that import it, which mutation testing
// (docs/TESTING.md 'Mutation testing') would not count as a detected fault.
import { describe, expect, it } from 'vitest';

const modules = import.meta.glob<Record<string, unknown>>('../../workers/market/search/*.ts');

describe('the search modules load', () => {
  it('finds the search core', () => {
    expect(Object.keys(modules).length).toBeGreaterThanOrEqual(6);
  });
  it.each(Object.keys(modules))('%s loads', async (path) => {
    await expect(modules[path]!()).resolves.toBeTypeOf('object');
  });
});
