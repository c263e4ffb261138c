/**
 * A real redis-server for the store tests, the shared-state e2e and `npm run loadtest` (Debian's package;
 * scripts/ensure-redis.sh installs it, `.ci/run` calls that): each call starts one on a free loopback port with a
 * temporary directory, and stops it after. No mocks of Redis.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connectRedis, type RedisLink } from '../server/stores/redis-link.ts';
import { freePort } from './server-process.ts';

/** A running redis-server. */
export interface TestRedis {
  port: number;
  url: string;
  dir: string;
  /** Stops it (`nosave` unless `save`); the data directory stays until `remove`. */
  stop(save?: boolean): void;
  /** Starts it again on the same port and directory (after stop). */
  restart(): Promise<void>;
  /** Stops it and removes its directory. */
  remove(): void;
}

function cli(port: number, ...args: string[]): string {
  return execFileSync('redis-cli', ['-p', String(port), ...args], { encoding: 'utf8', stdio: 'pipe' }).trim();
}

async function waitReady(port: number): Promise<void> {
  for (let i = 0; i < 100; i++) {
    try {
      if (cli(port, 'ping') === 'PONG') return;
    } catch {
      // not yet listening
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`redis-server on port ${port} did not start`);
}

/**
 * Starts a redis-server (`appendonly`: with AOF persistence in its directory, for restart tests). Throws when the
 * `redis-server` binary is missing (install it: `apt-get install -y redis-server`).
 */
export async function startRedis(options: { appendonly?: boolean } = {}): Promise<TestRedis> {
  const port = await freePort('127.0.0.1');
  const dir = mkdtempSync(join(tmpdir(), 'mh-redis-'));
  const launch = async () => {
    execFileSync('redis-server', [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--dir',
      dir,
      '--save',
      '',
      '--appendonly',
      options.appendonly ? 'yes' : 'no',
      '--daemonize',
      'yes',
      '--logfile',
      join(dir, 'redis.log'),
    ]);
    await waitReady(port);
  };
  await launch();
  const stop = (save = false) => {
    try {
      cli(port, 'shutdown', save ? 'save' : 'nosave');
    } catch {
      // already stopped
    }
  };
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    dir,
    stop,
    restart: launch,
    remove() {
      stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A link to `redis` with a fresh key prefix (tests sharing one server stay apart). */
export function linkTo(
  redis: TestRedis,
  prefix = `t${Math.random().toString(36).slice(2, 8)}:`,
): Promise<RedisLink> {
  return connectRedis(redis.url, prefix);
}

/** Waits until `check()` is true (every 25 ms, at most `ms`). */
export async function until(check: () => boolean, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 25));
  }
}
