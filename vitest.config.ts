// Vitest: engine, policy and formatting logic in node; the worker through @vitest/web-worker + fake-indexeddb;
// the reference server's routes through Hono's app.request. Browser behaviour is Playwright's (e2e/).
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    environment: 'node',
    setupFiles: ['tests/setup.ts'],
    testTimeout: 15000,
    // Two test files at a time on the 2-core machines this runs on: Vitest's default in a run is one worker fewer
    // than the cores (here 1), which left a core idle while the main process only gathered results.
    maxWorkers: 2,
    reporters: process.env.VITEST_JSON
      ? ['default', ['json', { outputFile: process.env.VITEST_JSON }]]
      : ['default'],
  },
});
