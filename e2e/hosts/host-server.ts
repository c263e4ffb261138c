/**
 * A host page's own server for the embedding tests (docs/EMBED.md): serves the host's files on an origin of its own
 * (127.0.0.1, a free port) with the host's CSP, and proxies masthead's API paths (server/app.ts `isServerPath`) and
 * the live ticker's WebSocket to masthead's origin, as a site's gateway does. Nothing of masthead is served here
 * except through that proxy; its script comes from masthead's origin.
 */
import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { isServerPath } from '../../server/app.ts';

/** What a host serves itself: path → answer (given the host's origin and the request). Unknown paths are a 404. */
export type HostRoutes = Record<
  string,
  (origin: string, req: IncomingMessage) => HostAnswer | Promise<HostAnswer>
>;

/** A host's answer: its content type and body. */
export interface HostAnswer {
  type: string;
  body: string | Buffer;
}

/** A running host: its origin and how to stop it. */
export interface RunningHost {
  origin: string;
  close(): Promise<void>;
}

function proxy(req: IncomingMessage, res: ServerResponse, target: URL): void {
  const upstream = request(
    {
      host: target.hostname,
      port: target.port,
      method: req.method,
      path: req.url,
      headers: { ...req.headers, host: target.host },
    },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  upstream.on('error', () => {
    if (!res.headersSent) res.writeHead(502);
    res.end();
  });
  req.pipe(upstream);
}

/**
 * The cookies a page of the site carries (the CSRF token and its binding, the sub-site: server/page-cookies.ts), as
 * the site's gateway sets them on every page it serves: here taken from masthead's own page for this browser.
 */
async function pageCookies(req: IncomingMessage, target: URL): Promise<string[]> {
  const res = await fetch(new URL('/', target), { headers: { cookie: req.headers.cookie ?? '' } });
  await res.body?.cancel();
  return res.headers.getSetCookie();
}

/**
 * Starts a host on a free port. `csp(origin)` is its Content-Security-Policy (sent with every page it serves);
 * `masthead` is masthead's origin (`http://127.0.0.1:4173`).
 */
export async function startHost(options: {
  masthead: string;
  csp: (origin: string) => string;
  routes: HostRoutes;
  /** The answer for a path no route names (a built app's files and client-side routes); default a 404. */
  fallback?: (path: string) => HostAnswer;
}): Promise<RunningHost> {
  const target = new URL(options.masthead);
  let origin = '';
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://host.invalid').pathname;
    if (isServerPath(path)) return proxy(req, res, target);
    const fallback = options.fallback;
    const route = options.routes[path] ?? (fallback ? () => fallback(path) : undefined);
    if (!route) {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('host: not found');
      return;
    }
    const page = Promise.resolve().then(() => route(origin, req));
    void Promise.all([
      page,
      page.then((p) => (p.type.startsWith('text/html') ? pageCookies(req, target) : [])),
    ]).then(
      ([{ type, body }, cookies]) => {
        const headers: Record<string, string | string[]> = {
          'content-type': type,
          'cache-control': 'no-store',
        };
        if (type.startsWith('text/html')) {
          headers['content-security-policy'] = options.csp(origin);
          headers['set-cookie'] = cookies;
        }
        res.writeHead(200, headers);
        res.end(body);
      },
      (err: unknown) => {
        res.writeHead(500, { 'content-type': 'text/plain' });
        res.end(String(err));
      },
    );
  });
  // The live ticker's socket (SPEC §9 live lists) through the same gateway: the upgrade request and the frames
  // are piped to masthead's server as they are.
  server.on('upgrade', (req, socket, head) => {
    const up = connect(Number(target.port), target.hostname, () => {
      const lines = [`${req.method} ${req.url} HTTP/1.1`];
      for (let i = 0; i < req.rawHeaders.length; i += 2) {
        const name = req.rawHeaders[i]!;
        const lower = name.toLowerCase();
        // The gateway presents the socket as its own to masthead's origin check (docs/EMBED.md: or list the host's
        // name in masthead's PUBLIC_HOSTS).
        const value =
          lower === 'host' ? target.host : lower === 'origin' ? target.origin : req.rawHeaders[i + 1];
        lines.push(`${name}: ${value}`);
      }
      up.write(`${lines.join('\r\n')}\r\n\r\n`);
      if (head.length) up.write(head);
      up.pipe(socket);
      socket.pipe(up);
    });
    up.on('error', () => socket.destroy());
    socket.on('error', () => up.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
