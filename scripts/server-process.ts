/**
 * The reference server as a child process, for the measuring scripts (`npm run lighthouse`, `npm run loadtest`) and
 * e2e/live.spec.ts's own server: a free loopback port, `server/start.ts` started in its own process group, and its
 * stop (at once, or waiting until the port is closed, so that a server can start again on it).
 */
import { spawn, type ChildProcess, type StdioOptions } from 'node:child_process';
import { createServer } from 'node:net';

/** Resolves a TCP port that is free on `host` right now (the OS picks it). */
export function freePort(host: string): Promise<number> {
  return new Promise((res, rej) => {
    const srv = createServer();
    srv.once('error', rej);
    srv.listen(0, host, () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => res(port));
    });
  });
}

/** How to start the server: where, with which environment, how long to wait for `/` (ms). */
export interface ServerProcessOptions {
  host: string;
  port: number;
  env: NodeJS.ProcessEnv;
  stdio?: StdioOptions;
  timeoutMs?: number;
}

/**
 * Starts `server/start.ts` (PORT and HOST set from the options) and resolves once `/` answers 2xx. Rejects when the
 * server exits first or does not answer within `timeoutMs` (default 60,000 ms); the process is stopped then.
 */
export async function startServer(options: ServerProcessOptions): Promise<ChildProcess> {
  const { host, port } = options;
  const child = spawn('npx', ['tsx', 'server/start.ts'], {
    env: { ...options.env, PORT: String(port), HOST: host },
    stdio: options.stdio ?? ['ignore', 'ignore', 'inherit'],
    detached: true, // own process group: npx's grandchild (the server) must die with it
  });
  const timeoutMs = options.timeoutMs ?? 60_000;
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`http://${host}:${port}/`)).ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  stopServer(child);
  throw new Error(`server/start.ts did not answer on port ${port} within ${timeoutMs / 1000} s`);
}

/** Stops the server's whole process group (SIGTERM); a process already gone is ignored. */
export function stopServer(child: ChildProcess): void {
  try {
    if (child.pid) process.kill(-child.pid, 'SIGTERM');
  } catch {
    child.kill();
  }
}

/**
 * Stops the server (as stopServer) and resolves once the process has exited and `http://host:port/` refuses
 * connections, so a new server can listen on the same port. Rejects when it still answers after `timeoutMs`
 * (default 10,000 ms).
 */
export async function stopServerAndWait(
  child: ChildProcess,
  host: string,
  port: number,
  timeoutMs = 10_000,
): Promise<void> {
  const exited =
    child.exitCode !== null || child.signalCode !== null
      ? Promise.resolve()
      : new Promise<void>((res) => child.once('exit', () => res()));
  stopServer(child);
  const deadline = Date.now() + timeoutMs;
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([exited, new Promise((r) => (timer = setTimeout(r, timeoutMs)))]);
  clearTimeout(timer);
  while (Date.now() < deadline) {
    try {
      await fetch(`http://${host}:${port}/`, { signal: AbortSignal.timeout(1_000) });
    } catch (err) {
      if ((err as Error).name !== 'TimeoutError') return; // refused: nothing listens any more
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the server on port ${port} still answers ${timeoutMs / 1000} s after its stop`);
}
