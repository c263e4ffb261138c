// The server's edge under hostile input (docs/SECURITY.md): each probe that once broke the reference server is kept
// here as a regression test — request bodies with no size limit, request values that index a plain object and find
// its inherited properties, a trusted Host header, data or settings that start a server that cannot serve, build files
// served by name, and a sign-in limit keyed on the full IPv6 address. Live-socket probes start server/start.ts as a
// child process on a loopback port; the rest go through Hono's app.request.
import { spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { Hono } from 'hono';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp } from '../../server/app.ts';
import { BODY_LIMITS, DEFAULT_BODY_LIMIT } from '../../server/body-limits.ts';
import { configure } from '../../server/config.ts';
import { DEFAULT_DATA_DIR } from '../../server/market-data.ts';
import { originPolicy } from '../../server/origin.ts';
import { createSiteApp } from '../../server/site-app.ts';
import { pageData } from '../../server/ssr/page-data.ts';
import { addressKey, clientKey } from '../../server/transport.ts';
import { HEADER_API, MARKET_API, MESSAGES_API, SITE_API, USER_API } from '../../common/wire/endpoints.ts';
import { Client, csrfPair } from './helpers.ts';

const ROOT = new URL('../../', import.meta.url).pathname;
const HTML =
  '<!doctype html><html><head><meta charset="utf-8"></head><body><div id="root"></div></body></html>';

/** A static folder with the shell page, a precompressed copy and a source map, as `vite build` leaves them. */
function staticDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'mh-edge-'));
  writeFileSync(join(dir, 'index.html'), HTML);
  writeFileSync(join(dir, 'index.html.br'), 'compressed');
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'assets', 'index-a1.js'), 'export {};\n//# sourceMappingURL=index-a1.js.map\n');
  writeFileSync(join(dir, 'assets', 'index-a1.js.map'), '{"version":3,"sourcesContent":["secret source"]}');
  writeFileSync(join(dir, 'assets', 'index-a1.js.gz'), 'gz');
  return dir;
}

// ---------------------------------------------------------------------------------------------------------------
// A live server (child process): body limits are about sockets and memory, which app.request cannot show.

interface Live {
  child: ChildProcess;
  port: number;
  output: () => string;
}

/** Starts server/start.ts on a system-picked loopback port; resolves once it listens. */
function startServer(env: Record<string, string> = {}): Promise<Live> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/start.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      STATIC_DIR: staticDir(),
      SSR_DIR: join(tmpdir(), 'mh-no-ssr'),
      LOGIN_RATE_LIMIT: '100000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const port = /on 127\.0\.0\.1:(\d+)/.exec(output)?.[1];
      if (port) resolve({ child, port: Number(port), output: () => output });
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => reject(new Error(`server exited ${code}: ${output}`)));
  });
}

/** The resident set of a process, bytes (Linux /proc). */
function rssOf(pid: number): number {
  const kb = /VmRSS:\s+(\d+)\s+kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Number(kb) * 1024;
}

const MB = 1024 * 1024;
const BIG = 200_000_000;

/**
 * Streams up to BIG bytes of `0` to `path` (with a Content-Length, or chunked when `chunked`), as fast as the socket
 * takes them, until the server answers. Resolves the status, the time to the answer (ms), and the server's peak RSS
 * growth (bytes) sampled every 10 ms while streaming.
 */
function streamBody(
  live: Live,
  path: string,
  chunked: boolean,
  headers: Record<string, string> = {},
): Promise<{ status: number; ms: number; rssGrowth: number }> {
  const pid = live.child.pid!;
  const before = rssOf(pid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssOf(pid))), 10);
  const started = performance.now();
  const chunk = Buffer.alloc(64 * 1024, 0x30);
  return new Promise((resolve, reject) => {
    let answered = false;
    const req = httpRequest({
      host: '127.0.0.1',
      port: live.port,
      path,
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        ...(chunked ? {} : { 'content-length': String(BIG) }),
        ...headers,
      },
    });
    req.on('response', (res) => {
      answered = true;
      const ms = performance.now() - started;
      res.resume();
      res.on('end', () => {
        clearInterval(sampler);
        peak = Math.max(peak, rssOf(pid));
        req.destroy();
        resolve({ status: res.statusCode ?? 0, ms, rssGrowth: peak - before });
      });
    });
    req.on('error', (err) => {
      if (answered) return;
      clearInterval(sampler);
      reject(err);
    });
    let sent = 0;
    const pump = () => {
      while (!answered && sent < BIG) {
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once('drain', pump);
      }
      if (!answered) req.end();
    };
    pump();
  });
}

describe('request body limits on a live server (hono/body-limit, server/body-limits.ts)', () => {
  let live: Live;
  beforeAll(async () => {
    live = await startServer();
  }, 60_000);
  afterAll(() => {
    live?.child.kill();
  });

  it.each([
    ['POST /logout, 200 MB with Content-Length, no cookie, no token', '/logout', false],
    ['POST /logout, 200 MB chunked (no Content-Length)', '/logout', true],
    ['POST error_report, 200 MB chunked', HEADER_API.errorReport, true],
    ['POST demo_login, 200 MB with Content-Length', USER_API.demoLogin, false],
  ] as const)(
    '%s: 413 within 1 s, server RSS grows < 20 MB',
    async (_name, path, chunked) => {
      const { status, ms, rssGrowth } = await streamBody(live, path, chunked, csrfPair().headers);
      expect(status).toBe(413);
      expect(ms).toBeLessThan(1000);
      expect(rssGrowth).toBeLessThan(20 * MB);
    },
    30_000,
  );

  it('keeps answering other clients while a huge body arrives', async () => {
    const upload = streamBody(live, '/logout', true);
    const started = performance.now();
    const res = await fetch(`http://127.0.0.1:${live.port}/robots-missing.txt`);
    expect(res.status).toBe(404);
    expect(performance.now() - started).toBeLessThan(1000);
    expect((await upload).status).toBe(413);
  }, 30_000);
});

// ---------------------------------------------------------------------------------------------------------------
// Limits per route, through app.request.

describe('body limit table', () => {
  const app = createApp({ faults: false, loginLimit: 10_000 });

  it('refuses a body one byte over each route’s limit with 413 JSON, and accepts the limit itself', async () => {
    for (const rule of BODY_LIMITS) {
      const c = new Client(app);
      const over = await c.request(rule.path, { method: rule.method, body: 'x'.repeat(rule.maxBytes + 1) });
      expect(over.status, rule.path).toBe(413);
      expect(await over.json()).toMatchObject({ code: 413 });
      const at = await c.request(rule.path, { method: rule.method, body: 'x'.repeat(rule.maxBytes) });
      expect(at.status, rule.path).not.toBe(413);
    }
  });

  it('an error report over 4 KB is refused before it is read (was read whole, then a 400)', async () => {
    const c = new Client(app);
    const res = await c.request(HEADER_API.errorReport, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ source: 'cdn', message: 'x'.repeat(5000) }),
    });
    expect(res.status).toBe(413);
  });

  it('routes that read no body take at most DEFAULT_BODY_LIMIT', async () => {
    const c = new Client(app);
    const res = await c.request(SITE_API.commonData, {
      method: 'POST',
      body: 'x'.repeat(DEFAULT_BODY_LIMIT + 1),
    });
    expect(res.status).toBe(413);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Inherited properties taken for data.

const PROTO_KEYS = [
  '__proto__',
  'constructor',
  'toString',
  'hasOwnProperty',
  'valueOf',
  'prototype',
] as const;
const FUNCTION_SOURCE = /\[native code\]|function /;

/** A string input: a prototype key (bare, as a tag, or as a host label) or a random string. */
const input = fc.oneof(
  fc.constantFrom(...PROTO_KEYS),
  fc.constantFrom(...PROTO_KEYS).map((k) => `${k}.example`),
  fc.constantFrom(...PROTO_KEYS).map((k) => `${k}-${k}`),
  fc.constantFrom(...PROTO_KEYS).map((k) => `${k};q=0.9, en;q=0.1`),
  fc.string({ maxLength: 24 }),
);

/** Header values must be ByteStrings without CR/LF; cookie values must not break the Cookie header. */
const headerSafe = (v: string) => v.replace(/[^\x20-\x7e]/g, 'x');
const cookieSafe = (v: string) => encodeURIComponent(v);

const GETS = [
  `${SITE_API.commonData}`,
  `${SITE_API.menuData}`,
  `${SITE_API.compliance}`,
  `${SITE_API.popularCoins}`,
  `${SITE_API.fiatRates}`,
  `${MESSAGES_API.fullsiteBulletin}`,
  `${MESSAGES_API.noticeRecord}`,
  `${MARKET_API.tabs.path}`,
  `${MARKET_API.futures.path}`,
  `${MARKET_API.pilot.path}`,
  `${MARKET_API.premint.path}`,
  `${USER_API.userInfo}`,
  `${USER_API.accountMode}`,
  `${USER_API.crossMargin}`,
  `${USER_API.logoutAll}`,
  `${HEADER_API.switchAccounts}`,
  '/logout',
  '/',
  '/zh/markets',
];
const QUERY_NAMES = [
  'lang',
  'sub_website_id',
  'page',
  'size',
  'type',
  'limit',
  'area',
  'format',
  'redirect',
  'csrf',
];
const COOKIE_NAMES = ['curr_fiat', 'default_buy_crypto_fiat', 'sub_website_id', 'sign', 'pver', 'mh_faults'];

describe('prototype-safe lookups (common/own.ts; Maps)', () => {
  const api = createApp({ faults: true, loginLimit: 1_000_000 });
  const site = createSiteApp(api, staticDir(), HTML);
  // The page data of the server render, as JSON: what the boot data of a page carries.
  const pageApp = new Hono().get('*', async (c) => c.json(await pageData(c, { currencyCount: 1 })));
  beforeAll(() => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterAll(() => {
    vi.restoreAllMocks();
  });

  const answerOk = async (res: Response, what: string) => {
    const text = await res.text();
    expect(res.status, what).not.toBe(500);
    expect(text, what).not.toMatch(FUNCTION_SOURCE);
  };

  it('lang=constructor (query, lang header, Accept-Language): 400 or English, never 500 or a function', async () => {
    const c = new Client(api);
    for (const path of [MARKET_API.tabs.path, MESSAGES_API.fullsiteBulletin, SITE_API.commonData]) {
      expect((await c.request(`${path}?lang=constructor`)).status, path).toBe(400);
      for (const header of ['lang', 'accept-language']) {
        const res = await c.request(path, { headers: { [header]: 'constructor' } });
        expect(res.status, `${path} ${header}`).toBe(200);
        expect(await res.text()).not.toMatch(FUNCTION_SOURCE);
      }
    }
    const common = await c.json(SITE_API.commonData, { headers: { lang: 'constructor' } });
    expect(common.body.data.lang_prefix).toBe('');
  });

  it('Host: constructor.example is the global site (was a 500 on compliance_check)', async () => {
    configure({ PUBLIC_HOSTS: 'constructor.example' });
    try {
      const c = new Client(api, { host: 'constructor.example' });
      const res = await c.json(SITE_API.compliance);
      expect(res.status).toBe(200);
      expect(res.body.data.menu_list).toEqual([]);
    } finally {
      configure({});
    }
  });

  it('cookies named after inherited properties are data, not prototypes', async () => {
    const c = new Client(api);
    c.jar.set('curr_fiat', 'constructor');
    c.jar.set('default_buy_crypto_fiat', 'toString');
    const { body } = await c.json(SITE_API.commonData);
    expect(body.data.curr_fiat).toBe('USD');
    expect(body.data.defaultBuyCryptoFiat).toBe('USD');
  });

  it('property: every GET route, page and page data with hostile query, headers and cookies', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...GETS),
        fc.dictionary(fc.constantFrom(...QUERY_NAMES), input, { maxKeys: 4 }),
        fc.record({ lang: input, accept: input, host: input, forwarded: input, country: input }),
        fc.dictionary(fc.constantFrom(...COOKIE_NAMES), input, { maxKeys: 4 }),
        async (path, query, h, cookies) => {
          const pair = csrfPair();
          const cookie = [
            pair.headers.cookie,
            ...Object.entries(cookies).map(([k, v]) => `${k}=${cookieSafe(v)}`),
          ].join('; ');
          const qs = new URLSearchParams(query).toString();
          const url = `http://127.0.0.1${path}${qs ? `?${qs}` : ''}`;
          const headers = {
            cookie,
            'X-CSRF-Token': pair.token,
            lang: headerSafe(h.lang),
            'accept-language': headerSafe(h.accept),
            host: headerSafe(h.host) || 'x',
            'x-forwarded-host': headerSafe(h.forwarded),
            'x-country': headerSafe(h.country),
          };
          await answerOk(await site.request(url, { headers }), `GET ${url}`);
          if (!path.startsWith('/api'))
            await answerOk(await pageApp.request(url, { headers }), `page data ${url}`);
        },
      ),
      { numRuns: 300 },
    );
  }, 120_000);

  it('property: form posts (demo_login, logout, /logout, error_report) with hostile fields', async () => {
    const posts = [USER_API.demoLogin, USER_API.logout, '/logout', HEADER_API.errorReport];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...posts),
        fc.dictionary(fc.constantFrom('persona', 'account', 'csrf', 'redirect', ...PROTO_KEYS), input, {
          maxKeys: 4,
        }),
        async (path, form) => {
          const c = new Client(api);
          const res = await c.request(path, { method: 'POST', form });
          await answerOk(res, `POST ${path} ${JSON.stringify(form)}`);
        },
      ),
      { numRuns: 200 },
    );
  }, 120_000);
});

// ---------------------------------------------------------------------------------------------------------------
// The Host header and X-Forwarded-Host.

describe('configured origin (server/origin.ts)', () => {
  const pageApp = new Hono().get('*', async (c) => c.json(await pageData(c, { currencyCount: 1 })));
  const page = async (headers: Record<string, string>) => {
    const data = (await (await pageApp.request('http://127.0.0.1/', { headers })).json()) as {
      origin: string;
      host: string;
    };
    return { origin: data.origin, host: data.host };
  };
  afterEach(() => configure({}));

  it('Host: evil.example gets the configured origin in the boot data (was http://evil.example)', async () => {
    const data = await page({ host: 'evil.example' });
    expect(data.origin).toBe(originPolicy().origin);
    expect(data.origin).not.toContain('evil');
    expect(data.host).not.toContain('evil');
    configure({ PUBLIC_ORIGIN: 'https://www.masthead.example' });
    expect(await page({ host: 'evil.example' })).toEqual({
      origin: 'https://www.masthead.example',
      host: 'www.masthead.example',
    });
  });

  it('development default: the listening address and its loopback names are kept, with their port', async () => {
    configure({ HOST: '127.0.0.1', PORT: '4390' });
    expect((await page({ host: '127.0.0.1:4390' })).origin).toBe('http://127.0.0.1:4390');
    expect((await page({ host: 'localhost:4390' })).origin).toBe('http://localhost:4390');
    expect((await page({ host: 'localhost:9999' })).origin).toBe('http://127.0.0.1:4390');
  });

  it('an allow-listed sub-site host keeps its own origin, with the configured scheme', async () => {
    configure({ PUBLIC_ORIGIN: 'https://www.masthead.example', PUBLIC_HOSTS: 'tr.masthead.example' });
    expect(await page({ host: 'tr.masthead.example' })).toEqual({
      origin: 'https://tr.masthead.example',
      host: 'tr.masthead.example',
    });
  });

  it('X-Forwarded-Host counts only with TRUST_PROXY (was honoured always)', async () => {
    configure({ PUBLIC_ORIGIN: 'https://www.masthead.example', PUBLIC_HOSTS: 'tr.masthead.example' });
    const forwarded = { host: 'www.masthead.example', 'x-forwarded-host': 'tr.masthead.example' };
    expect((await page(forwarded)).host).toBe('www.masthead.example');
    configure({
      PUBLIC_ORIGIN: 'https://www.masthead.example',
      PUBLIC_HOSTS: 'tr.masthead.example',
      TRUST_PROXY: '1',
    });
    expect((await page(forwarded)).host).toBe('tr.masthead.example');
    const api = createApp({ faults: false });
    const c = new Client(api, { 'x-forwarded-host': 'evil.example' });
    expect((await c.json(SITE_API.commonData)).body.data.sub_website_id).toBe(0);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Start-up: settings and data checked before listening.

/** Runs server/start.ts to its exit; resolves the exit code and everything it printed. */
function runServer(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/start.ts'], {
      cwd: ROOT,
      env: { ...process.env, PORT: '0', HOST: '127.0.0.1', STATIC_DIR: staticDir(), ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    const timer = setTimeout(() => child.kill(), 30_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

/** A copy of the bundled data folder whose spot file keeps only the rows `keep` accepts. */
function dataDirWith(keep: (pair: string) => boolean): string {
  const dir = mkdtempSync(join(tmpdir(), 'mh-data-'));
  for (const file of readdirSync(DEFAULT_DATA_DIR)) {
    if (file.endsWith('.json')) copyFileSync(join(DEFAULT_DATA_DIR, file), join(dir, file));
  }
  const spotFile = join(dir, 'spot_tickers.json');
  const rows = JSON.parse(readFileSync(spotFile, 'utf8')) as { currency_pair: string }[];
  writeFileSync(spotFile, JSON.stringify(rows.filter((r) => keep(r.currency_pair))));
  return dir;
}

describe('start-up: one clear line and exit code 1 (server/config.ts, server/startup-checks.ts)', () => {
  it.each([
    [{ MH_SECRET: 'short' }, 'MH_SECRET: must be at least 32 characters'],
    [{ PORT: '99999' }, 'PORT "99999": expected an integer from 0 to 65535'],
    [{ PILOT_ROWS: 'abc' }, 'PILOT_ROWS "abc": expected an integer from 1 to 1000000'],
    [{ PILOT_ROWS: '99999999' }, 'PILOT_ROWS "99999999": expected an integer from 1 to 1000000'],
    [{ LOGIN_RATE_LIMIT: '0' }, 'LOGIN_RATE_LIMIT "0"'],
    [{ TRUST_PROXY: 'yes' }, 'TRUST_PROXY "yes"'],
    [{ PUBLIC_ORIGIN: 'evil' }, 'PUBLIC_ORIGIN "evil"'],
    [{ REDIS_URL: 'http://user:pw@cache' }, 'REDIS_URL: expected a redis:// or rediss:// URL'],
    [{ REDIS_URL: 'redis://:hunter2@127.0.0.1:1' }, 'REDIS_URL redis://:***@127.0.0.1:1: cannot connect ('],
  ])(
    '%o stops the server: %s',
    async (env, message) => {
      const { code, output } = await runServer(env);
      expect(code).toBe(1);
      expect(output.trim()).toBe(
        `masthead server: cannot start: ${output.trim().split('cannot start: ')[1]}`,
      );
      expect(output).toContain(`cannot start: ${message}`);
      expect(output.trim().split('\n')).toHaveLength(1);
      expect(output).not.toMatch(/\n\s+at /);
    },
    40_000,
  );

  it('a spot file without a USDT pair stops the server (was: every page the client shell, bulletin 500)', async () => {
    const dir = dataDirWith((pair) => !pair.toUpperCase().endsWith('_USDT'));
    const { code, output } = await runServer({ MARKET_DATA_DIR: dir });
    expect(code).toBe(1);
    expect(output.trim()).toBe(
      `masthead server: cannot start: MARKET_DATA_DIR ${join(dir, 'spot_tickers.json')}: has no USDT pair (the home announcement and the popular coins need one)`,
    );
  }, 40_000);
});

// ---------------------------------------------------------------------------------------------------------------
// Build files served by name, and the sign-in limit's key.

describe('build files (server/site-app.ts isHiddenBuildFile)', () => {
  const site = createSiteApp(createApp({ faults: false }), staticDir(), HTML);
  it.each(['/index.html.br', '/assets/index-a1.js.map', '/assets/index-a1.js.gz'])(
    '%s is a 404, not a download',
    async (path) => {
      const res = await site.request(`http://127.0.0.1${path}`);
      expect(res.status).toBe(404);
      expect(await res.text()).not.toContain('secret source');
    },
  );
  it('the scripts themselves are still served, precompressed ones by encoding', async () => {
    expect((await site.request('http://127.0.0.1/assets/index-a1.js')).status).toBe(200);
  });
});

describe('sign-in rate limit key (server/transport.ts addressKey)', () => {
  afterEach(() => configure({}));

  it('IPv6 on its /64, IPv4 (also IPv4-mapped) on the full address', () => {
    expect(addressKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8:1:2:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(addressKey('[2001:DB8:1:2::9]')).toBe('2001:db8:1:2::/64');
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey(undefined, undefined)).toBe('unknown');
  });

  it('rotating through one /64 does not escape the limit; another /64 has its own', async () => {
    configure({ TRUST_PROXY: '1' });
    const app = createApp({ faults: false, loginLimit: 2 });
    const login = (ip: string) =>
      new Client(app, { 'x-forwarded-for': ip }).login('vip').then((r) => r.status);
    expect(await login('2001:db8:5:6::1')).toBe(200);
    expect(await login('2001:db8:5:6::2')).toBe(200);
    expect(await login('2001:db8:5:6:abcd::3')).toBe(429);
    expect(await login('2001:db8:5:7::1')).toBe(200);
  });
});
