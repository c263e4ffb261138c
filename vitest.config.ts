// Vitest: engine, policy and formatting logic in node; the worker through @vitest/web-worker + fake-indexeddb;
// the reference server's routes through Hono's app.request. Browser behaviour is Playwright's (e2e/).
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    environment: 'node',
    setupFiles: ['tests/setup.ts'],
    testTimeout: 15000,
    reporters: process.env.VITEST_JSON
      ? ['default', ['json', { outputFile: process.env.VITEST_JSON }]]
      : ['default'],
  },
});
