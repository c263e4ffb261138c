/**
 * Copyright years (SPEC §9 'Footer copyright year from current date; global range 2013 to now, Turkey 2022 to
 * now'). Pure: the clock is passed in, so tests pin it.
 */
import { SUB_SITE, type SubSiteId } from '../../common/domain/sub-sites.ts';

/** First year of the global site's copyright range. */
export const GLOBAL_COPYRIGHT_FROM = 2013;
/** First year of the Turkey site's copyright range. */
export const TURKEY_COPYRIGHT_FROM = 2022;

/** `{from, to}` for `site` at `now` (local calendar year); `to` never precedes `from` (a clock set in the past). */
export function copyrightYears(site: SubSiteId, now: Date): { from: number; to: number } {
  const from = site === SUB_SITE.TURKEY ? TURKEY_COPYRIGHT_FROM : GLOBAL_COPYRIGHT_FROM;
  const year = now.getFullYear();
  return { from, to: Number.isFinite(year) ? Math.max(from, year) : from };
}
