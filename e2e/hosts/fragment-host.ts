/**
 * The server-template host (docs/EMBED.md 'Server fragment'): a page of another site whose server includes masthead's
 * `/fragment/header` and `/fragment/footer` in its own template (as SSI or ESI would), forwarding the visitor's
 * cookies and user agent, with the same aggressive stylesheet and strict CSP as the plain host. The header paints
 * from the fragment's declarative shadow root before any script, then the element hydrates it.
 */
import { readFileSync } from 'node:fs';
import { startHost, type RunningHost } from './host-server.ts';
import { plainHostCsp } from './plain-host.ts';

const HOSTILE_CSS = readFileSync(new URL('./hostile.css', import.meta.url), 'utf8');

/** Fetches one fragment from masthead's server the way a host's server does (cookies and user agent forwarded). */
async function include(masthead: string, part: 'header' | 'footer', headers: Headers): Promise<string> {
  const res = await fetch(`${masthead}/fragment/${part}?lang=en&theme=light`, { headers });
  if (!res.ok) throw new Error(`fragment ${part}: ${res.status}`);
  return res.text();
}

/** Starts the fragment host on a free port. */
export function startFragmentHost(masthead: string): Promise<RunningHost> {
  return startHost({
    masthead,
    csp: (origin) => plainHostCsp(masthead, origin, true),
    routes: {
      '/': async (_origin, req) => {
        const headers = new Headers();
        for (const name of ['cookie', 'user-agent', 'sec-ch-ua-mobile']) {
          const value = req.headers[name];
          if (typeof value === 'string') headers.set(name, value);
        }
        const [header, footer] = await Promise.all([
          include(masthead, 'header', headers),
          include(masthead, 'footer', headers),
        ]);
        return {
          type: 'text/html; charset=utf-8',
          body: `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>A server-template host</title>
    <link rel="stylesheet" href="/host.css" />
  </head>
  <body>
    ${header}
    <main>
      <h1 id="host-title">The host's own page</h1>
      <p id="host-text">Text of the host, in the host's fonts.</p>
      <button type="button" id="host-button">The host's button</button>
    </main>
    ${footer}
  </body>
</html>
`,
        };
      },
      '/host.css': () => ({ type: 'text/css; charset=utf-8', body: HOSTILE_CSS }),
    },
  });
}
