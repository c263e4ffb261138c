/**
 * How a request reached the server (ARCHITECTURE.md 'The reference server'; SECURITY 'V3.4', 'V7'): over https or not, and
 * from which client. Proxy headers (`X-Forwarded-Proto`, `X-Forwarded-For`) are trusted only when the operator says
 * a proxy sits in front (`TRUST_PROXY=1`); otherwise any client could claim https or another address.
 */
import { isIPv4, isIPv6 } from 'node:net';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import { parseConfig, serverConfig } from './config.ts';

/**
 * True when the configuration declares a trusted reverse proxy (`TRUST_PROXY=1` or `true`; server/config.ts). `env`
 * (tests): read from that environment instead of the process's configuration.
 */
export function trustProxy(env?: NodeJS.ProcessEnv): boolean {
  return (env ? parseConfig(env) : serverConfig()).TRUST_PROXY;
}

/**
 * True when the request was served over https: the request URL's own scheme, or — only behind a trusted proxy —
 * the first value of `X-Forwarded-Proto`. `url` is the request URL; `forwardedProto` the raw header (may be absent).
 */
export function requestIsHttps(
  url: string | URL,
  forwardedProto: string | undefined,
  env?: NodeJS.ProcessEnv,
): boolean {
  if (new URL(url).protocol === 'https:') return true;
  if (!trustProxy(env) || !forwardedProto) return false;
  return forwardedProto.split(',')[0]!.trim().toLowerCase() === 'https';
}

/** The 8 16-bit groups of a valid IPv6 address (`::` expanded, an embedded IPv4 tail as two groups). */
function ipv6Groups(address: string): number[] {
  let text = address.toLowerCase();
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(text)?.[1];
  if (v4) {
    const [a = 0, b = 0, c = 0, d = 0] = v4.split('.').map(Number);
    text = `${text.slice(0, -v4.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const parse = (part: string) => (part ? part.split(':').map((g) => parseInt(g, 16)) : []);
  const left = parse(head);
  const right = tail === undefined ? [] : parse(tail);
  return [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
}

/**
 * The rate-limit key of a client address (docs/SECURITY.md 'V7'): an IPv4 address as it is; an IPv4-mapped IPv6
 * address (`::ffff:1.2.3.4`) as its IPv4 address; any other IPv6 address as its /64 network (`2001:db8:0:1::/64`),
 * since one subscriber usually holds a whole /64 and could otherwise rotate through it. A zone id (`%eth0`) is
 * dropped. Anything that is not an address is returned unchanged.
 */
export function addressKey(address: string): string {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  if (isIPv4(bare) || !isIPv6(bare)) return isIPv4(bare) ? bare : address;
  const groups = ipv6Groups(bare);
  const mapped = groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff;
  if (mapped) return [groups[6]! >> 8, groups[6]! & 255, groups[7]! >> 8, groups[7]! & 255].join('.');
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}

/**
 * A stable key for the client of a request, for per-client limits: the first `X-Forwarded-For` address behind a
 * trusted proxy, else the socket's remote address (`remote`), else `'unknown'` (in-process test requests); an IPv6
 * address is keyed on its /64 (addressKey).
 */
export function clientKey(
  remote: string | undefined,
  forwardedFor: string | undefined,
  env?: NodeJS.ProcessEnv,
): string {
  if (trustProxy(env) && forwardedFor) {
    const first = forwardedFor.split(',')[0]!.trim();
    if (first) return addressKey(first);
  }
  return remote ? addressKey(remote) : 'unknown';
}

/**
 * The client key (clientKey) of request `c`: its socket's remote address, or the forwarded one behind TRUST_PROXY;
 * `'unknown'` for a request that came through no socket (app.request in tests).
 */
export function requestClientKey(c: Context): string {
  let remote: string | undefined;
  try {
    remote = getConnInfo(c).remote.address;
  } catch {
    remote = undefined;
  }
  return clientKey(remote, c.req.header('x-forwarded-for'));
}
