/**
 * Debian's chromium and the flags that keep it quiet on a closed network (docs/TESTING.md 'Toolchain traps'); shared by
 * playwright.config.ts and the benchmark (e2e/bench). Never `playwright install`: nothing can be downloaded here.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
