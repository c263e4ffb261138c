/**
 * Several instances, one truth (ARCHITECTURE.md 'Shared state'; docs/SETTINGS.md REDIS_URL): two servers on two ports
 * sharing one real redis-server. A sign-in on A is a sign-in on B; a pair starred through A's page is starred on B's;
 * the login limit counts the attempts made on both; both pages' prices move from one producer (the lease holder,
 * `/metrics`: exactly one instance holds it), whatever each instance's LIVE_SEED; killing the holder hands the
 * producer to the other and prices move again within 10 s. Then restarts: the stars are still there after the server
 * restarts, in the default mode (SQLite under DATA_DIR) and in Redis mode (Redis with AOF restarted too).
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { WebSocket } from 'ws';
import { FAVOURITES_API, USER_API } from '../common/wire/endpoints.ts';
import { LIVE_API } from '../common/wire/live.ts';
import { startRedis, type TestRedis } from '../scripts/redis-process.ts';
import { freePort, startServer, stopServer, stopServerAndWait } from '../scripts/server-process.ts';
import { test, expect, openPanel } from './fixtures.ts';

test.describe.configure({ mode: 'serial', timeout: 120_000 });

const HOST = '127.0.0.1';
const SECRET = 'e2e-shared-secret-0123456789abcdef0123';
const LOGIN_LIMIT = 12;

interface Instance {
  origin: string;
  port: number;
  child: ChildProcess;
}

async function startInstance(env: Record<string, string>, port?: number): Promise<Instance> {
  const p = port ?? (await freePort(HOST));
  const child = await startServer({
    host: HOST,
    port: p,
    env: {
      ...process.env,
      STATIC_DIR: process.env.OUT_DIR ?? 'dist',
      MH_SECRET: SECRET,
      LOGIN_RATE_LIMIT: String(LOGIN_LIMIT),
      ...env,
    },
  });
  return { origin: `http://${HOST}:${p}`, port: p, child };
}

/** Sum of a metric's samples on `origin` (`/metrics` answers loopback peers). */
async function metric(request: APIRequestContext, origin: string, name: string): Promise<number> {
  const text = await (await request.get(`${origin}/metrics`)).text();
  return text
    .split('\n')
    .filter((l) => l.startsWith(`${name} `) || l.startsWith(`${name}{`))
    .reduce((sum, l) => sum + Number(l.split(' ').at(-1)), 0);
}

/** Signs in through `origin`'s demo login with the page's CSRF cookie; the cookies land in the page's context. */
async function signInAt(page: Page, origin: string, persona: string, account: string) {
  const csrf = (await page.context().cookies()).find((c) => c.name === 'csrf_token')?.value;
  return page.request.post(`${origin}${USER_API.demoLogin}`, {
    form: { persona, account },
    headers: { 'X-CSRF-Token': csrf ?? '' },
  });
}

const starOf = (page: Page, symbol: string) =>
  page.locator(`[data-testid="market-row"][data-symbol="${symbol}"] [data-testid="favourite-toggle"]`);

/** Prices of the open panel's rows, by symbol. */
const prices = (page: Page) =>
  page
    .getByTestId('market-row')
    .evaluateAll((els) =>
      Object.fromEntries(
        els.map((row) => [
          (row as HTMLElement).dataset.symbol!,
          row.querySelector('.market-row-last')?.textContent,
        ]),
      ),
    );

/**
 * Waits for the open panel's rows (the market-search box shows before them: the list arrives from the worker), then
 * for a row's price to change within `timeout` ms.
 */
async function expectPricesMove(page: Page, timeout: number) {
  await expect(page.getByTestId('market-row').first()).toBeVisible({ timeout: 15_000 });
  const first = await prices(page);
  expect(Object.keys(first).length).toBeGreaterThan(0);
  await expect
    .poll(async () => Object.entries(await prices(page)).some(([s, p]) => s in first && first[s] !== p), {
      timeout,
    })
    .toBe(true);
}

/** Collects `spot` ticks (`key|price|change|volume`) from `origin`'s live socket until `stop()`. */
function collectTicks(origin: string) {
  const seen: string[] = [];
  let lastAt = 0;
  const ws = new WebSocket(`${origin.replace('http', 'ws')}${LIVE_API.path}`, { origin });
  ws.on('open', () => ws.send(JSON.stringify({ type: 'subscribe', lists: ['spot'] })));
  ws.on('message', (raw) => {
    const m = JSON.parse(String(raw)) as { type: string; ticks?: string[][] };
    if (m.type !== 'ticks') return;
    lastAt = Date.now();
    for (const t of m.ticks ?? []) seen.push(t.join('|'));
  });
  return {
    seen,
    get lastAt() {
      return lastAt;
    },
    stop: () => ws.close(),
  };
}

test.describe('two instances, one Redis', () => {
  let redis: TestRedis;
  let a: Instance;
  let b: Instance;
  let signIns = 0;

  test.beforeAll(async () => {
    redis = await startRedis();
    const common = {
      REDIS_URL: redis.url,
      TICKS_PER_S: '300',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'mh-e2e-')),
    };
    [a, b] = await Promise.all([
      startInstance({ ...common, LIVE_SEED: '1' }),
      startInstance({ ...common, LIVE_SEED: '2' }),
    ]);
  });
  test.afterAll(() => {
    for (const i of [a, b]) if (i) stopServer(i.child);
    redis?.remove();
  });

  test('signed in on A is signed in on B; a pair starred through A is starred on B', async ({ page }) => {
    await page.goto(`${a.origin}/`);
    const account = `shared-${Date.now()}`;
    expect((await signInAt(page, a.origin, 'vip', account)).status()).toBe(200);
    signIns++;
    // Cookies ignore the port: B gets A's session cookie, and knows it.
    await page.goto(`${b.origin}/`);
    await expect(page.getByTestId('nav-profile')).toBeVisible();
    await page.goto(`${a.origin}/`);
    await expect(page.getByTestId('nav-profile')).toBeVisible();
    await openPanel(page, 'nav-trade', 'menu-spot');
    const row = page.getByTestId('market-row').first();
    await expect(row).toBeVisible();
    const symbol = (await row.getAttribute('data-symbol'))!;
    const saved = page.waitForResponse(
      (r) => r.url().endsWith(FAVOURITES_API.list) && r.request().method() === 'PUT' && r.ok(),
    );
    await starOf(page, symbol).click();
    await saved;
    // B's page (another origin: its own browser storage) shows the star from the shared store.
    await page.goto(`${b.origin}/`);
    await openPanel(page, 'nav-trade', 'menu-spot');
    await expect(starOf(page, symbol)).toHaveAttribute('aria-pressed', 'true', { timeout: 15_000 });
  });

  test('both pages move with the same ticks from one producer; /metrics shows one holder', async ({
    browser,
    request,
  }) => {
    await expect
      .poll(
        async () =>
          (await metric(request, a.origin, 'masthead_live_upstream_held')) +
          (await metric(request, b.origin, 'masthead_live_upstream_held')),
      )
      .toBe(1);
    for (const i of [a, b]) expect(await metric(request, i.origin, 'masthead_store_up')).toBe(4);
    const published = () =>
      Promise.all([a, b].map((i) => metric(request, i.origin, 'masthead_live_batches_published_total')));
    const before = await published();
    const onA = collectTicks(a.origin);
    const onB = collectTicks(b.origin);
    await expect
      .poll(() => Math.min(onA.seen.length, onB.seen.length), { timeout: 10_000 })
      .toBeGreaterThan(300);
    onA.stop();
    onB.stop();
    // Sockets were open on both instances, yet only one produced.
    const after = await published();
    expect(after.filter((n, i) => n > before[i]!)).toHaveLength(1);
    // Different LIVE_SEEDs: had each instance produced its own, almost no tick would be on both.
    const onBoth = new Set(onB.seen);
    const shared = onA.seen.filter((t) => onBoth.has(t)).length / onA.seen.length;
    expect(shared).toBeGreaterThan(0.9);
    for (const origin of [a.origin, b.origin]) {
      const page = await browser.newPage();
      await page.goto(`${origin}/`);
      await openPanel(page, 'nav-trade', 'menu-spot');
      await expectPricesMove(page, 10_000);
      await page.close();
    }
  });

  test('the login limit counts the attempts on both instances', async ({ page }) => {
    await page.goto(`${a.origin}/`);
    const statuses: number[] = [];
    for (let k = 0; k < LOGIN_LIMIT + 4; k++) {
      const res = await signInAt(page, k % 2 ? b.origin : a.origin, 'vip', `limit-${k}`);
      statuses.push(res.status());
      if (res.status() === 429) expect(Number(res.headers()['retry-after'])).toBeGreaterThan(0);
    }
    // Every sign-in from this address since the window began counts, on either instance.
    expect(statuses.filter((s) => s === 200)).toHaveLength(LOGIN_LIMIT - signIns);
    expect(statuses.slice(-4)).toEqual([429, 429, 429, 429]);
  });

  test('the holder dies: the other instance takes the producer over and prices move again within 10 s', async ({
    request,
  }) => {
    const heldBy = async (i: Instance) => metric(request, i.origin, 'masthead_live_upstream_held');
    const [holder, other] = (await heldBy(a)) === 1 ? [a, b] : [b, a];
    const ticks = collectTicks(other.origin);
    await expect.poll(() => ticks.seen.length, { timeout: 10_000 }).toBeGreaterThan(0);
    // SIGKILL: no clean stop, the lease is not given up; it must expire.
    process.kill(-holder.child.pid!, 'SIGKILL');
    const killedAt = Date.now();
    await expect.poll(() => heldBy(other), { timeout: 10_000 }).toBe(1);
    await expect
      .poll(() => ticks.lastAt > killedAt + 500, { timeout: 10_000 - (Date.now() - killedAt) })
      .toBe(true);
    const tookMs = ticks.lastAt - killedAt;
    ticks.stop();
    test
      .info()
      .annotations.push({ type: 'takeover', description: `ticks again ${tookMs} ms after the kill` });
    expect(tookMs).toBeLessThan(10_000);
  });
});

test.describe('stars survive a restart', () => {
  /** Signs in as `account` on `origin`, stars two pairs through the API, returns them. */
  async function star(page: Page, origin: string, account: string): Promise<string[]> {
    await page.goto(`${origin}/`);
    expect((await signInAt(page, origin, 'vip', account)).status()).toBe(200);
    const entries = ['BTC_USDT', 'ETH_USDT'].map((symbol, k) => ({
      list: 'spot',
      symbol,
      label: symbol.replace('_', '/'),
      at: 1000 + k,
    }));
    const csrf = (await page.context().cookies()).find((c) => c.name === 'csrf_token')?.value ?? '';
    const res = await page.request.put(`${origin}${FAVOURITES_API.list}`, {
      data: { entries },
      headers: { 'X-CSRF-Token': csrf },
    });
    expect(res.status()).toBe(200);
    return entries.map((e) => e.symbol);
  }

  /** Signs in again (sessions may be gone) and checks the account's stars on the server and on the page. */
  async function expectStars(page: Page, origin: string, account: string, symbols: string[]) {
    await page.context().clearCookies();
    await page.goto(`${origin}/`);
    expect((await signInAt(page, origin, 'vip', account)).status()).toBe(200);
    const csrf = (await page.context().cookies()).find((c) => c.name === 'csrf_token')?.value ?? '';
    const res = await page.request.get(`${origin}${FAVOURITES_API.list}`, {
      headers: { 'X-CSRF-Token': csrf },
    });
    const got = (await res.json()) as {
      data: { entries: { symbol: string }[] };
    };
    expect(got.data.entries.map((e) => e.symbol).sort()).toEqual([...symbols].sort());
    await page.goto(`${origin}/`);
    await openPanel(page, 'nav-trade', 'menu-spot');
    await expect(starOf(page, symbols[0]!)).toHaveAttribute('aria-pressed', 'true', { timeout: 15_000 });
  }

  test('default mode: favourites in SQLite under DATA_DIR', async ({ page }) => {
    const env = { DATA_DIR: mkdtempSync(join(tmpdir(), 'mh-e2e-restart-')), TICKS_PER_S: '0' };
    let server = await startInstance(env);
    const account = `restart-${Date.now()}`;
    const symbols = await star(page, server.origin, account);
    await stopServerAndWait(server.child, HOST, server.port);
    server = await startInstance(env, server.port);
    try {
      await expectStars(page, server.origin, account, symbols);
    } finally {
      stopServer(server.child);
    }
  });

  test('Redis mode: the server and Redis (appendonly) both restart', async ({ page }) => {
    const redis = await startRedis({ appendonly: true });
    const env = {
      REDIS_URL: redis.url,
      TICKS_PER_S: '0',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'mh-e2e-r-')),
    };
    let server = await startInstance(env);
    try {
      const account = `restart-redis-${Date.now()}`;
      const symbols = await star(page, server.origin, account);
      await stopServerAndWait(server.child, HOST, server.port);
      redis.stop();
      await redis.restart();
      server = await startInstance(env, server.port);
      await expectStars(page, server.origin, account, symbols);
    } finally {
      stopServer(server.child);
      redis.remove();
    }
  });
});
