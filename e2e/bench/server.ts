/**
 * The bench's reference server (`npm run bench`): `npx tsx server/start.ts` in its own process group on
 * 127.0.0.1:`port`, serving the built app from `staticDir`, and the one unmeasured visit per server that warms it up
 * and captures the app's row markup and CSS for the plain-DOM reference (reference-page.ts).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import type { Browser } from '@playwright/test';
import { CAPTURE_APP_SNAPSHOT, type AppSnapshot } from './reference-page.ts';

/**
 * Starts the server with `PILOT_ROWS=rows` and any `env` (e.g. `TICKS_PER_S`) and waits until `/` answers (60 s at
 * most). Throws when it does not come up.
 */
export async function startServer(
  rows: number,
  port: number,
  staticDir: string,
  env: Record<string, string> = {},
): Promise<ChildProcess> {
  const child = spawn('npx', ['tsx', 'server/start.ts'], {
    env: {
      ...process.env,
      PILOT_ROWS: String(rows),
      PORT: String(port),
      HOST: '127.0.0.1',
      STATIC_DIR: staticDir,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true, // own process group: npx's grandchild (the server) must die with it
  });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/`);
      if (res.ok) return child;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  stopServer(child);
  throw new Error(`bench server for ${rows} rows did not start on port ${port}`);
}

/** Stops a server started by startServer (its whole process group). */
export function stopServer(child: ChildProcess): void {
  try {
    if (child.pid) process.kill(-child.pid, 'SIGTERM');
  } catch {
    child.kill();
  }
}

/**
 * One unmeasured visit per server: the server finishes its start-up work (the compact pilot list is compressed once
 * per data version) and the bench takes the app's row markup and CSS for the reference page. Right after start, on a
 * loaded machine, that work can outlast the app's 4 s request timeout (the panel then shows 'No data' and does not
 * retry soon), so a visit without rows after 30 s is retried in a fresh context, four visits at most.
 */
export async function warmUpAndCapture(browser: Browser, baseURL: string): Promise<AppSnapshot> {
  for (let attempt = 1; ; attempt++) {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    try {
      const page = await context.newPage();
      await page.goto(`${baseURL}/trade/BTC_USDT`);
      await page.getByTestId('nav-trade').hover();
      await page.getByTestId('menu-pilot').hover();
      try {
        await page.getByTestId('market-row').first().waitFor({ timeout: 30_000 });
      } catch (err) {
        if (attempt < 4) continue;
        throw err;
      }
      // The bench's reference copies the app after its first rows' follow-up frames, as a trader would see it.
      await page.waitForTimeout(500);
      return (await page.evaluate(CAPTURE_APP_SNAPSHOT)) as AppSnapshot;
    } finally {
      await context.close();
    }
  }
}
