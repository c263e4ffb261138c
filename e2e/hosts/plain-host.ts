/**
 * The plain HTML host (docs/EMBED.md 'A script tag'): a page of another site on its own origin, with its own
 * aggressive stylesheet (./hostile.css) and a strict CSP, that loads `/embed/masthead.js` from masthead's origin and
 * sends the APIs through its own origin (./host-server.ts proxies them). `blobWorkers: false` is the same host with a
 * CSP whose `worker-src` has no `blob:` (the in-thread fallback).
 */
import { readFileSync } from 'node:fs';
import { startHost, type RunningHost } from './host-server.ts';

const HOSTILE_CSS = readFileSync(new URL('./hostile.css', import.meta.url), 'utf8');

/** The host's CSP: what docs/EMBED.md asks of a host for the script-tag mode. */
export function plainHostCsp(masthead: string, origin: string, blobWorkers: boolean): string {
  const ws = origin.replace(/^http/, 'ws');
  return [
    "default-src 'none'",
    `script-src 'self' ${masthead}`,
    // 'unsafe-inline' only for Radix's scroll lock of a modal dialog (a <style> element in the host's head).
    `style-src 'self' ${masthead} 'unsafe-inline'`,
    `img-src 'self' ${masthead} data:`,
    `connect-src 'self' ${ws}`,
    // A module worker's imports are worker requests too: the shim (blob:) imports the worker module from masthead.
    `worker-src 'self' ${masthead}${blobWorkers ? ' blob:' : ''}`,
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** The host page's HTML. */
export function plainHostHtml(masthead: string, attrs = 'lang="en" theme="light"'): string {
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>A host page</title>
    <link rel="stylesheet" href="/host.css" />
    <script type="module" src="${masthead}/embed/masthead.js"></script>
  </head>
  <body>
    <masthead-header ${attrs}></masthead-header>
    <main>
      <h1 id="host-title">The host's own page</h1>
      <p id="host-text">Text of the host, in the host's fonts.</p>
      <button type="button" id="host-button">The host's button</button>
      <a id="host-link" href="/elsewhere">The host's link</a>
    </main>
    <masthead-footer ${attrs}></masthead-footer>
  </body>
</html>
`;
}

/** Starts the plain host on a free port. */
export function startPlainHost(
  masthead: string,
  options: { blobWorkers?: boolean } = {},
): Promise<RunningHost> {
  const blob = options.blobWorkers ?? true;
  return startHost({
    masthead,
    csp: (origin) => plainHostCsp(masthead, origin, blob),
    routes: {
      '/': () => ({ type: 'text/html; charset=utf-8', body: plainHostHtml(masthead) }),
      '/host.css': () => ({ type: 'text/css; charset=utf-8', body: HOSTILE_CSS }),
      // The same page without masthead's script: what the page's globals are without it.
      '/without': () => ({
        type: 'text/html; charset=utf-8',
        body: plainHostHtml(masthead).replace(/<script type="module"[^>]*><\/script>/, ''),
      }),
    },
  });
}
