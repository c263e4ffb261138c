// Playwright on Debian's chromium (never `playwright install`): the built app served by server/start.ts.
// E2E_PORT / OUT_DIR let parallel runs on one machine keep apart.
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './e2e/chromium.ts';

const port = Number(process.env.E2E_PORT ?? 4173);
const outDir = process.env.OUT_DIR ?? 'dist';

export default defineConfig({
  testDir: 'e2e',
  testIgnore: ['**/bench/**'],
  // One output folder per port: parallel runs on one machine must not clean each other's results.
  outputDir: `test-results/port-${port}`,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  fullyParallel: true,
  workers: process.env.CI ? 2 : 2,
  retries: process.env.CI ? 1 : 0,
  // The fault matrix's reporter prints `fault matrix: N cases, N passed` when matrix tests ran (e2e/faults/).
  reporter: [
    ['list'],
    ['./e2e/faults/case-reporter.ts'],
    ...(process.env.PW_JSON ? [['json', { outputFile: process.env.PW_JSON }] as const] : []),
  ],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // In CI a trace on the first retry only: recording one for every test (snapshots and screencast of each action)
    // costs CPU the 2-core CI machine does not have, and a test that fails is retried once, with its trace. Local runs
    // have no retry, so they keep the trace of a failed test.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  projects: [
    // One sign-in per demo persona, kept as storage state for the tests that only read a signed-in page.
    { name: 'sessions', testMatch: /auth\.setup\.ts$/ },
    {
      name: 'chromium',
      dependencies: ['sessions'],
      use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 } },
    },
  ],
  webServer: {
    // MH_FAULTS: the fault-injection tests need it; LOGIN_RATE_LIMIT: the suite signs in from one address many times;
    // TICKS_PER_S=0: a still market for every spec but e2e/live.spec.ts, which starts a server of its own with it on
    // (E2E_TICKS_PER_S=300 runs any spec against a moving market).
    command: `MH_FAULTS=1 LOGIN_RATE_LIMIT=100000 TICKS_PER_S=${process.env.E2E_TICKS_PER_S ?? 0} STATIC_DIR=${outDir} PORT=${port} HOST=127.0.0.1 npx tsx server/start.ts`,
    url: `http://127.0.0.1:${port}/`,
    reuseExistingServer: false,
    timeout: 60_000,
  },
});
