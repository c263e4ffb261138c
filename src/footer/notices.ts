/**
 * Which regulatory texts the footer shows (SPEC §8): the Malta, Hong Kong and UK disclaimers, the UK
 * financial-promotion approval notice, and the restricted-location notice for German, French and Spanish pages.
 * SPEC gives no texts; ours (namespace `footer`, `notice.*`) are plain and generic. Pure.
 */
import { SUB_SITE, type SubSiteId } from '../../common/domain/sub-sites.ts';
import { RESTRICTED_NOTICE_LOCALES, type Locale } from '../../common/domain/locales.ts';

/** A footer notice; also its `data-kind` on `data-testid="footer-disclaimer"`. */
export type FooterNotice = 'malta' | 'hong-kong' | 'uk' | 'uk-promotion' | 'restricted';

/** The notices for a site and locale, in display order. */
export function footerNotices(site: SubSiteId, locale: Locale): FooterNotice[] {
  const out: FooterNotice[] = [];
  if (site === SUB_SITE.MALTA) out.push('malta');
  if (site === SUB_SITE.HONG_KONG) out.push('hong-kong');
  if (site === SUB_SITE.UK) out.push('uk', 'uk-promotion');
  if (RESTRICTED_NOTICE_LOCALES.includes(locale)) out.push('restricted');
  return out;
}
