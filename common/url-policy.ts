/**
 * The one URL policy (ARCHITECTURE.md 'Security at the edges'; SPEC §2 'Notification targets', §3 links and icons): every URL
 * that comes from data — a redirect target, a language link built from the current path, a notification or
 * announcement link, a coin icon, an avatar — passes through here before it reaches an `href`, a `src` or a
 * `Location` header. Realm-neutral and pure: used by the main thread, the market worker and the server.
 *
 * Accepted:
 * - a same-origin path, normalised: `\` and control characters reject; `.`/`..` segments (also `%2e`-encoded) are
 *   resolved; runs of `/` collapse to one, so the result never starts with `//` (a browser would read that as
 *   another host);
 * - an `https:` URL whose host is on the caller's allow-list (exact host names), with no user info and no port.
 * Everything else — `javascript:`, `data:`, `http:`, protocol-relative `//host`, `/\host`, hosts off the list —
 * gives `null`, and the caller shows its fallback (a plain link to a known page, a letter avatar, no icon).
 */

/** A base no real request ever goes to; only used to resolve paths with the WHATWG URL parser. */
const PROBE_ORIGIN = 'https://same-origin.invalid';

/** C0 controls, DEL, and the C1 range: never valid in a URL we hand on. */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARS = /[\u0000-\u001f\u007f-\u009f]/;

/**
 * Normalises a same-origin path (with optional query and fragment).
 * Takes any value; returns `/a/b?q#h` (never starting with `//`) or null when the value is not a string, does not
 * start with exactly one `/`, holds a backslash or a control character, or would resolve to another origin.
 */
export function safePath(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > 2048) return null;
  const known = pathCache.get(value);
  // Stryker disable next-line ConditionalExpression: the memo changes how often checkPath runs, not its answer.
  if (known !== undefined) return known;
  const result = checkPath(value);
  // Stryker disable next-line ConditionalExpression,EqualityOperator: the memo's bound (memory), not an answer.
  if (pathCache.size >= PATH_CACHE_MAX) pathCache.clear();
  pathCache.set(value, result);
  return result;
}

/**
 * safePath's answers by input: the header renders the same few hundred menu and footer paths on every render, and
 * each check runs the URL parser twice (about 10 µs on a slow phone). Pure function, so a bounded memo is safe.
 */
const pathCache = new Map<string, string | null>();
const PATH_CACHE_MAX = 2000;

function checkPath(value: string): string | null {
  if (!value.startsWith('/') || CONTROL_CHARS.test(value) || value.includes('\\')) return null;
  if (value.startsWith('//')) return null;
  // Stryker disable all: belt and braces. After the checks above the WHATWG parser always keeps a path on the
  // probe origin, and the result it gives is a same-origin path; these checks stay so that a parser that differs
  // (another engine, a future change) still cannot turn a path into another origin. No input reaches their `null`.
  let url: URL;
  try {
    url = new URL(value, PROBE_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== PROBE_ORIGIN) return null;
  // Stryker restore all
  const path = url.pathname.replace(/\/{2,}/g, '/');
  const out = `${path}${url.search}${url.hash}`;
  // Belt and braces: the result must itself be a same-origin path when a browser resolves it.
  // Stryker disable next-line ConditionalExpression: (as above) no input makes the re-check fail.
  return isSameOriginPath(out) ? out : null;
}

// Stryker disable all: (as above) the re-check of checkPath's result, which no input makes fail.
function isSameOriginPath(path: string): boolean {
  if (!path.startsWith('/') || path.startsWith('//') || path.includes('\\') || CONTROL_CHARS.test(path))
    return false;
  try {
    return new URL(path, PROBE_ORIGIN).origin === PROBE_ORIGIN;
  } catch {
    return false;
  }
}
// Stryker restore all

/**
 * An absolute `https:` URL on an allow-listed host, normalised by the URL parser (`href`); else null.
 * `allowedHosts` are exact, lower-case host names (no wildcards): a sub-domain must be listed itself.
 */
export function safeHttpsUrl(value: unknown, allowedHosts: readonly string[]): string | null {
  if (typeof value !== 'string' || value.length > 2048) return null;
  if (CONTROL_CHARS.test(value) || value.includes('\\')) return null;
  if (!/^https:\/\//i.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  // Stryker disable next-line ConditionalExpression: (belt and braces) the https:// test above fixes the protocol.
  if (url.protocol !== 'https:') return null;
  if (url.username || url.password || url.port) return null;
  if (!allowedHosts.includes(url.hostname.toLowerCase())) return null;
  return url.href;
}

/**
 * The general rule for a link or resource URL from data: a safe same-origin path (see `safePath`), or an https URL
 * on `allowedHosts` (see `safeHttpsUrl`). Returns the normalised URL or null. Never throws.
 */
// Stryker disable next-line ArrayDeclaration: no host name can equal the mutant's made-up entry (it has spaces).
export function safeUrl(value: unknown, allowedHosts: readonly string[] = []): string | null {
  if (typeof value !== 'string') return null;
  return value.startsWith('/') ? safePath(value) : safeHttpsUrl(value, allowedHosts);
}
