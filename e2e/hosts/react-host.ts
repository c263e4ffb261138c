/**
 * The React host (docs/EMBED.md 'React hosts'; ./react-app/): a Vite + React 19 app of its own that depends on
 * masthead through a `file:` link and renders `<MastheadHeader>` / `<MastheadFooter>` from `masthead/react`, with a
 * client-side router. Built here: masthead's React build (`npm run build:react`, vite.react.config.ts), the link
 * (`node_modules/masthead` → the repository, the symlink npm makes for a `file:` dependency; React resolves from the
 * repository's node_modules, the one copy the page runs), then the app's own `vite build`. Served on its own origin
 * with the aggressive stylesheet and a strict CSP; the APIs go through its origin (./host-server.ts).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startHost, type RunningHost } from './host-server.ts';

const REPO = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const APP = resolve(fileURLToPath(new URL('./react-app', import.meta.url)));
const VITE = join(REPO, 'node_modules', '.bin', 'vite');

/** Builds masthead/react and the host app; returns the app's build folder. */
export function buildReactHost(): string {
  execFileSync(VITE, ['build', '-c', 'vite.react.config.ts', '--logLevel', 'warn'], {
    cwd: REPO,
    stdio: 'pipe',
  });
  const link = join(APP, 'node_modules', 'masthead');
  if (!existsSync(link)) {
    mkdirSync(join(APP, 'node_modules'), { recursive: true });
    symlinkSync(relative(join(APP, 'node_modules'), REPO), link, 'dir');
  }
  const out = mkdtempSync(join(tmpdir(), 'masthead-react-host-'));
  execFileSync(VITE, ['build', '--logLevel', 'warn'], {
    cwd: APP,
    stdio: 'pipe',
    env: { ...process.env, HOST_OUT_DIR: out },
  });
  return out;
}

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
};

/** Starts the React host from its build folder `out` (every path not a file is the app: client-side routes). */
export function startReactHost(masthead: string, out: string): Promise<RunningHost> {
  const hostile = readFileSync(new URL('./hostile.css', import.meta.url), 'utf8');
  const index = readFileSync(join(out, 'index.html'), 'utf8');
  return startHost({
    masthead,
    csp: (origin) =>
      [
        "default-src 'none'",
        "script-src 'self'",
        // 'unsafe-inline' only for Radix's scroll lock of a modal dialog (a <style> element in the head).
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data:",
        `connect-src 'self' ${origin.replace(/^http/, 'ws')}`,
        // masthead's worker is one of the app's own built files here: no blob: needed.
        "worker-src 'self'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
      ].join('; '),
    routes: {
      '/host.css': () => ({ type: TYPES['.css']!, body: hostile }),
    },
    fallback: (path) => {
      const file = join(out, path);
      if (path.startsWith('/assets/') && file.startsWith(out) && existsSync(file)) {
        const ext = path.slice(path.lastIndexOf('.'));
        return { type: TYPES[ext] ?? 'application/octet-stream', body: readFileSync(file) };
      }
      return { type: TYPES['.html']!, body: index };
    },
  });
}
