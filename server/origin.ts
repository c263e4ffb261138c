/**
 * The one source of absolute URLs and of the host a request is for (docs/SECURITY.md 'V3.7.2', 'Host header';
 * docs/API.md 'Sub-site selection'). The request's `Host` header is client input: an attacker can send any value,
 * and a cache or a link-preview bot would then keep the attacker's origin in a page. So the origin the page's boot
 * data carries (the footer's QR code and every absolute link are built from it) is the configured `PUBLIC_ORIGIN`,
 * or one of the allow-listed hosts (`PUBLIC_HOSTS`, the sub-site hosts) when the request names one; any other host
 * gets the configured origin, and never selects a sub-site. `X-Forwarded-Host` counts only behind a trusted proxy
 * (`TRUST_PROXY=1`, server/transport.ts). Without `PUBLIC_ORIGIN` (development) the origin is the listening address,
 * `http://HOST:PORT` (`localhost` for 0.0.0.0 / ::), and the loopback names of that port are allowed too.
 */
import type { Context } from 'hono';
import { serverConfig, type ServerConfig } from './config.ts';
import { requestIsHttps, trustProxy } from './transport.ts';

/** The configured origin and the hosts (lower case, `name[:port]`) a request may name. */
export interface OriginPolicy {
  /** `https://www.example.com` or, in development, `http://127.0.0.1:5173`. */
  origin: string;
  /** True when PUBLIC_ORIGIN set it (its scheme is then used for every allowed host). */
  configured: boolean;
  hosts: ReadonlySet<string>;
}

/** The host part of an origin, as a browser sends it in `Host` (default ports omitted). */
const hostOf = (origin: string): string => new URL(origin).host;

/**
 * The policy of a configuration: PUBLIC_ORIGIN and PUBLIC_HOSTS, else the listening address (`port` overrides PORT,
 * for a server that listens on a port picked by the system).
 */
export function originPolicyFor(
  config: Pick<ServerConfig, 'PUBLIC_ORIGIN' | 'PUBLIC_HOSTS' | 'HOST' | 'PORT'>,
  port: number = config.PORT,
): OriginPolicy {
  if (config.PUBLIC_ORIGIN) {
    const origin = config.PUBLIC_ORIGIN;
    return { origin, configured: true, hosts: new Set([hostOf(origin), ...config.PUBLIC_HOSTS]) };
  }
  const wildcard = ['0.0.0.0', '::', '[::]'].includes(config.HOST);
  const listening = wildcard ? 'localhost' : config.HOST.includes(':') ? `[${config.HOST}]` : config.HOST;
  const origin = new URL(`http://${listening}:${port}`).origin;
  const loopback = ['localhost', '127.0.0.1', '[::1]'].map((h) => `${h}:${port}`);
  return { origin, configured: false, hosts: new Set([hostOf(origin), ...loopback, ...config.PUBLIC_HOSTS]) };
}

let override: OriginPolicy | undefined;
let derived: { from: ServerConfig; policy: OriginPolicy } | undefined;

/** The process's policy: the one set by useOriginPolicy, else derived from server/config.ts's configuration. */
export function originPolicy(): OriginPolicy {
  if (override) return override;
  const config = serverConfig();
  if (derived?.from !== config) derived = { from: config, policy: originPolicyFor(config) };
  return derived.policy;
}

/** Sets (or with undefined, clears) the process's policy: server/start.ts once it knows its port; tests. */
export function useOriginPolicy(next: OriginPolicy | undefined): void {
  override = next;
}

/** The host a request names: `X-Forwarded-Host` (first value) behind a trusted proxy, else `Host`; lower case. */
export function requestedHost(c: Context): string | undefined {
  const forwarded = trustProxy() ? c.req.header('x-forwarded-host')?.split(',')[0]?.trim() : undefined;
  const host = forwarded || c.req.header('host') || new URL(c.req.url).host;
  return host ? host.toLowerCase() : undefined;
}

/**
 * The request's allowed host and the origin of its absolute URLs: the host it names when the policy allows it (with
 * the configured scheme, or in development the request's own), else the configured origin and its host.
 */
export function requestOrigin(
  c: Context,
  current: OriginPolicy = originPolicy(),
): { origin: string; host: string; allowed: boolean } {
  const host = requestedHost(c);
  if (host === undefined || !current.hosts.has(host)) {
    return { origin: current.origin, host: hostOf(current.origin), allowed: false };
  }
  const scheme = current.configured
    ? new URL(current.origin).protocol
    : requestIsHttps(c.req.url, c.req.header('x-forwarded-proto'))
      ? 'https:'
      : 'http:';
  return { origin: `${scheme}//${host}`, host, allowed: true };
}

/** The host that may select a sub-site (common/domain/sub-sites.ts): the request's, only when allowed. */
export function subSiteHost(c: Context): string | undefined {
  const found = requestOrigin(c);
  return found.allowed ? found.host : undefined;
}
