/**
 * A rewritten copy of a server-rendered page, served beside the app for the page-load references
 * (scripts/no-script-copy.ts, scripts/react-floor-copy.ts): the page at `url`, fetched once and rewritten, served
 * at `/` of a plain node server on a free loopback port with the page's own headers, brotli or gzip as the browser
 * asks; the copy's own files (`files`, by path) the same way; any other path answered by the app server at `url`'s
 * origin (the favicon, the page's images), so the copy loads what the page itself loads, bar what was rewritten.
 */
import { createServer, type Server } from 'node:http';
import { brotliCompressSync, gzipSync } from 'node:zlib';
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

/** A running copy: its server and the URL of its page (`http://127.0.0.1:port/`). */
export interface PageCopy {
  server: Server;
  url: string;
}

/** A file the copy serves itself: its bytes and content type. */
export interface CopyFile {
  body: Buffer;
  type: string;
}

/** `body` encoded once per encoding a browser may ask for. */
function encodings(body: Buffer) {
  return { identity: body, br: brotliCompressSync(body), gzip: gzipSync(body) };
}

/**
 * Fetches `url` (a server-rendered page), rewrites its HTML with `rewrite` and serves the copy (see the module
 * comment) on a free port of `host`, with `files` at their paths. Rejects when the page does not answer 2xx. Other
 * paths are fetched from `url`'s origin per request; a failed fetch answers 502.
 */
export async function startPageCopy(
  url: string,
  rewrite: (html: string) => string,
  files: Record<string, CopyFile> = {},
  host = '127.0.0.1',
): Promise<PageCopy> {
  const answer = await fetch(url);
  if (!answer.ok) throw new Error(`page copy: ${url} answered ${answer.status}`);
  const pageHeaders = copiedHeaders(answer);
  const own = new Map<string, { headers: Record<string, string>; bytes: ReturnType<typeof encodings> }>([
    ['/', { headers: pageHeaders, bytes: encodings(Buffer.from(rewrite(await answer.text()))) }],
    ...Object.entries(files).map(
      ([path, f]) => [path, { headers: { 'content-type': f.type }, bytes: encodings(f.body) }] as const,
    ),
  ]);
  const origin = new URL(url).origin;
  const server = createServer((req, res) => {
    const mine = own.get(req.url ?? '/');
    if (!mine) {
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
    const encoding = /\bbr\b/.test(accepts) ? 'br' : /\bgzip\b/.test(accepts) ? 'gzip' : 'identity';
    const out = mine.bytes[encoding];
    res.writeHead(200, {
      ...mine.headers,
      ...(encoding !== 'identity' ? { 'content-encoding': encoding } : {}),
      'content-length': String(out.length),
    });
    res.end(out);
  });
  const port = await freePort(host);
  await new Promise<void>((done) => server.listen(port, host, done));
  return { server, url: `http://${host}:${port}/` };
}
