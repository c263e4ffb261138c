/**
 * The no-script copy of a server-rendered page, the reference of the page-load measurements (`npm run lighthouse`,
 * scripts/hydration-timing.ts): the page at `url`, fetched once, with every script made inert (`inertScripts`:
 * markup, inline CSS and nearly all bytes kept, nothing run or fetched as script), served at `/` of a plain node
 * server on a free loopback port with the page's own headers, brotli or gzip as the browser asks. So a load of it
 * shows what Chrome and the server's markup and CSS alone cost (its first contentful paint is the floor of paint)
 * on the same machine at the same moment. Any other path is answered by the app server at `url`'s origin (the
 * favicon, the page's images), so the copy loads what the page itself loads, bar the scripts.
 */
import { createServer, type Server } from 'node:http';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { inertScripts } from './lighthouse-report.ts';
import { freePort } from './server-process.ts';

/** Answer headers a copy must not pass on: the body's framing and encoding, and the session. */
const NOT_COPIED =
  /^(content-length|content-encoding|transfer-encoding|connection|keep-alive|date|etag|set-cookie)$/i;

/** The headers of `answer` that a copy may pass on (see NOT_COPIED). */
function copiedHeaders(answer: Response): Record<string, string> {
  const headers: Record<string, string> = {};
  answer.headers.forEach((value, name) => {
    if (!NOT_COPIED.test(name)) headers[name] = value;
  });
  return headers;
}

/** A running no-script copy: its server and the URL of its page (`http://127.0.0.1:port/`). */
export interface NoScriptCopy {
  server: Server;
  url: string;
}

/**
 * Fetches `url` (a server-rendered page) and serves its no-script copy (see the module comment) on a free port of
 * `host`. Rejects when the page does not answer 2xx. Other paths are fetched from `url`'s origin per request; a
 * failed fetch answers 502.
 */
export async function startNoScriptCopy(url: string, host = '127.0.0.1'): Promise<NoScriptCopy> {
  const answer = await fetch(url);
  if (!answer.ok) throw new Error(`no-script copy: ${url} answered ${answer.status}`);
  const body = Buffer.from(inertScripts(await answer.text()));
  const encoded = { br: brotliCompressSync(body), gzip: gzipSync(body) };
  const headers = copiedHeaders(answer);
  const origin = new URL(url).origin;
  const server = createServer((req, res) => {
    if (req.url !== '/') {
      // Node's fetch decodes the body: passed on decoded, without the original encoding and length.
      fetch(`${origin}${req.url ?? '/'}`)
        .then(async (other) => {
          const bytes = Buffer.from(await other.arrayBuffer());
          res.writeHead(other.status, { ...copiedHeaders(other), 'content-length': String(bytes.length) });
          res.end(bytes);
        })
        .catch(() => res.writeHead(502).end());
      return;
    }
    const accepts = String(req.headers['accept-encoding'] ?? '');
    const encoding = /\bbr\b/.test(accepts) ? 'br' : /\bgzip\b/.test(accepts) ? 'gzip' : null;
    const out = encoding ? encoded[encoding] : body;
    res.writeHead(200, {
      ...headers,
      ...(encoding ? { 'content-encoding': encoding } : {}),
      'content-length': String(out.length),
    });
    res.end(out);
  });
  const port = await freePort(host);
  await new Promise<void>((done) => server.listen(port, host, done));
  return { server, url: `http://${host}:${port}/` };
}
