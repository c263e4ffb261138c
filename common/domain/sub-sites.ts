/**
 * Regional sub-sites (SPEC §1): their numeric ids, the second 'site' parameter, the host → site table the reference
 * server decides by, and per-site link variants. Pure and realm-neutral: the server imports it too.
 */
import { MAIN_SITE_HOST } from './hosts.ts';
import { hasOwnKey, ownGet } from '../own.ts';

/** Sub-site ids (SPEC §1). Testnet's id is not given by the spec: 999 is ours, used nowhere else. */
export const SUB_SITE = {
  GLOBAL: 0,
  TURKEY: 177,
  MALTA: 106,
  HONG_KONG: 71,
  US: 232,
  BAHAMAS: 14,
  SINGAPORE: 153,
  UK: 182,
  JAPAN: 83,
  UAE: 181,
  EU: 777,
  TESTNET: 999,
} as const;

export type SubSiteName = keyof typeof SUB_SITE;
export type SubSiteId = (typeof SUB_SITE)[SubSiteName];

/** Every sub-site id, global first. */
export const SUB_SITE_IDS: readonly SubSiteId[] = Object.values(SUB_SITE);

/** The main (global) site. SPEC §6 'main site' means this one. */
export const MAIN_SITE: SubSiteId = SUB_SITE.GLOBAL;

/** True when `n` is one of the known sub-site ids. */
export function isSubSiteId(n: number): n is SubSiteId {
  return (SUB_SITE_IDS as readonly number[]).includes(n);
}

/** Name of a sub-site id (`US`, `EU` …), for logs and test names. */
export function subSiteName(id: SubSiteId): SubSiteName {
  return (Object.keys(SUB_SITE) as SubSiteName[]).find((k) => SUB_SITE[k] === id) ?? 'GLOBAL';
}

/** SPEC §1 second site parameter: Turkey 2, Malta 3, every other site 0. */
export function siteParam(id: SubSiteId): 0 | 2 | 3 {
  if (id === SUB_SITE.TURKEY) return 2;
  if (id === SUB_SITE.MALTA) return 3;
  return 0;
}

/**
 * Host → sub-site table (first DNS label). Any other host (www., apex, localhost, IPs) is the global site.
 * Documented in docs/API.md 'Sub-site selection'.
 */
export const HOST_SUB_SITES: Readonly<Record<string, SubSiteId>> = {
  tr: SUB_SITE.TURKEY,
  mt: SUB_SITE.MALTA,
  hk: SUB_SITE.HONG_KONG,
  us: SUB_SITE.US,
  bs: SUB_SITE.BAHAMAS,
  sg: SUB_SITE.SINGAPORE,
  uk: SUB_SITE.UK,
  jp: SUB_SITE.JAPAN,
  ae: SUB_SITE.UAE,
  eu: SUB_SITE.EU,
  testnet: SUB_SITE.TESTNET,
};

/** The sub-site a host name belongs to (port ignored, case-insensitive); unknown hosts → global. */
export function subSiteFromHost(host: string | undefined): SubSiteId {
  // The first DNS label decides: a port or an IP address never reaches it (no table key has digits or a colon).
  // Stryker disable next-line StringLiteral: any text without a dot is the global site, this empty one included.
  const name = (host ?? '').toLowerCase();
  const dot = name.indexOf('.');
  return dot < 0 ? SUB_SITE.GLOBAL : (ownGet(HOST_SUB_SITES, name.slice(0, dot)) ?? SUB_SITE.GLOBAL);
}

/** Parses a `sub_website_id` value (query or cookie); null when absent, malformed or not a known site. */
export function parseSubSiteId(value: string | null | undefined): SubSiteId | null {
  if (value == null || !/^\d{1,6}$/.test(value)) return null;
  const n = Number(value);
  return isSubSiteId(n) ? n : null;
}

/**
 * Which sub-site a request or page load is for: `?sub_website_id=N` first (local use), then the cookie it sets,
 * then the host name. Unknown ids fall through to the next source; the default is global 0 (SPEC §9).
 */
export function resolveSubSite(src: {
  query?: string | null;
  cookie?: string | null;
  host?: string;
}): SubSiteId {
  return parseSubSiteId(src.query) ?? parseSubSiteId(src.cookie) ?? subSiteFromHost(src.host);
}

/** SPEC §2 Trading variants: the spot pair each site leads with (footer: Japan and UAE use BTC_JPY). */
export function defaultSpotPair(id: SubSiteId): string {
  switch (id) {
    case SUB_SITE.TURKEY:
      return 'BTC_TRY';
    case SUB_SITE.SINGAPORE:
      return 'BTC_SGD';
    case SUB_SITE.MALTA:
    case SUB_SITE.EU:
      return 'BTC_USDC';
    case SUB_SITE.JAPAN:
    case SUB_SITE.UAE:
      return 'BTC_JPY';
    default:
      return 'BTC_USDT';
  }
}

/** A development host (no dot, an IP address, localhost): one origin serves every sub-site there. */
function isLocalHost(host: string): boolean {
  return !host.includes('.') || /^[\d.]+(:\d+)?$/.test(host) || host.startsWith('localhost');
}

/**
 * Link to another sub-site's home: on a real domain its host (`tr.` + the base domain), on localhost or an IP the
 * same origin with `?sub_website_id=N` (which page-cookies.ts then keeps in a cookie).
 */
export function subSiteHomeHref(target: SubSiteId, currentHost: string): string {
  const host = currentHost.toLowerCase();
  if (isLocalHost(host)) return `/?sub_website_id=${target}`;
  const labels = host.split('.');
  const base =
    labels[0] && (labels[0] === 'www' || hasOwnKey(HOST_SUB_SITES, labels[0])) ? labels.slice(1) : labels;
  const label = Object.keys(HOST_SUB_SITES).find((k) => HOST_SUB_SITES[k] === target);
  return `https://${label ? `${label}.` : 'www.'}${base.join('.')}/`;
}

/**
 * Testnet's login goes through the main site's authorize flow (SPEC §2 'External', §4 logout):
 * `https://{MAIN_SITE_HOST}{langPrefix}/login/authorize?client=testnet&redirect_uri=https://{currentHost}{returnTo}`,
 * the return address on the testnet's own host. On a development host (`localhost`, an IP, or `''` when the caller
 * has none) one origin serves both sites, so the link is the same-origin path with `returnTo` as it is.
 */
// Stryker disable next-line StringLiteral: any default host without a dot is a development host, as '' is.
export function testnetAuthorizeHref(langPrefix: string, returnTo: string, currentHost = ''): string {
  const host = currentHost.toLowerCase();
  const path = `${langPrefix}/login/authorize?client=testnet&redirect_uri=`;
  if (isLocalHost(host)) return `${path}${encodeURIComponent(returnTo)}`;
  return `https://${MAIN_SITE_HOST}${path}${encodeURIComponent(`https://${host}${returnTo}`)}`;
}
