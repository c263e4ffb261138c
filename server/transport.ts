/**
 * How a request reached the server (DESIGN 'The reference server'; SECURITY 'V3.4', 'V7'): over https or not, and
 * from which client. Proxy headers (`X-Forwarded-Proto`, `X-Forwarded-For`) are trusted only when the operator says
 * a proxy sits in front (`TRUST_PROXY=1`); otherwise any client could claim https or another address.
 */

/** True when the environment declares a trusted reverse proxy (`TRUST_PROXY=1` or `true`). */
export function trustProxy(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true';
}

/**
 * True when the request was served over https: the request URL's own scheme, or — only behind a trusted proxy —
 * the first value of `X-Forwarded-Proto`. `url` is the request URL; `forwardedProto` the raw header (may be absent).
 */
export function requestIsHttps(
  url: string | URL,
  forwardedProto: string | undefined,
  env: NodeJS.ProcessEnv = process.env,
): boolean {
  if (new URL(url).protocol === 'https:') return true;
  if (!trustProxy(env) || !forwardedProto) return false;
  return forwardedProto.split(',')[0]!.trim().toLowerCase() === 'https';
}

/**
 * A stable key for the client of a request, for per-client limits: the first `X-Forwarded-For` address behind a
 * trusted proxy, else the socket's remote address (`remote`), else `'unknown'` (in-process test requests).
 */
export function clientKey(
  remote: string | undefined,
  forwardedFor: string | undefined,
  env: NodeJS.ProcessEnv = process.env,
): string {
  if (trustProxy(env) && forwardedFor) {
    const first = forwardedFor.split(',')[0]!.trim();
    if (first) return first;
  }
  return remote || 'unknown';
}
