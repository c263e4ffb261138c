// Vitest for mutation runs (stryker.config.mjs): the project's config with only the current scope's test files
// (scripts/mutation/scopes.mjs), so a scope's run does not execute the whole suite. (Not mergeConfig: it would
// append the scope's files to the project's `include` instead of replacing it.)
import { defineConfig } from 'vitest/config';
import base from './vitest.config.ts';
import { currentScope } from './scripts/mutation/scopes.mjs';

export default defineConfig({
  ...base,
  test: { ...base.test, include: currentScope().tests, reporters: ['default'] },
});
