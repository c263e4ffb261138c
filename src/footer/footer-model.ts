/**
 * The footer's content as plain data (SPEC §2 'Footer', §6): the main-list groups with their hrefs after the
 * visibility policy, for a site, locale and set of popular coins. Pure: the view renders what this returns, and the
 * sub-site × persona table test (tests/footer/footer-links.test.ts) checks it in node.
 */
import { MALTA_SITE_HOST } from '../../common/domain/hosts.ts';
import type { Locale } from '../../common/domain/locales.ts';
import { withLangPrefix } from '../../common/domain/route.ts';
import type { SubSiteId } from '../../common/domain/sub-sites.ts';
import {
  footerLinks,
  popularLinks,
  showsGlobalList,
  type FooterGroupKey,
  type FooterLink,
  type PopularCoin,
} from '../menus/footer.ts';
import type { VisibilityDecision } from '../policy/types.ts';
import { isVisible } from '../policy/visibility.ts';

/** Group order of the main list; the popular families follow the link groups. */
export const FOOTER_GROUP_ORDER: readonly FooterGroupKey[] = [
  'about', 'legal', 'products', 'services', 'support', 'learn',
  'popular-price', 'popular-buy', 'popular-prediction', 'popular-converter',
]; // prettier-ignore

/** A rendered link: `href` is final (language prefix or Malta host applied). */
export interface FooterLinkView {
  key: string;
  href: string;
  titleKey: string;
  titleValues?: Readonly<Record<string, string>>;
  /** On another host (the Malta entity's site). */
  external: boolean;
}

/** One group of the main list. */
export interface FooterGroupView {
  key: FooterGroupKey;
  links: FooterLinkView[];
}

/** What the model needs. */
export interface FooterModelInput {
  site: SubSiteId;
  locale: Locale;
  /** `` or `/zh` … (SPEC §2). */
  langPrefix: string;
  decision: VisibilityDecision;
  /** Popular coins (top by quote volume); empty when not loaded or failed (SPEC §8 fallback `[]`). */
  coins: readonly PopularCoin[];
  /** Malta entity host; default the one constant in common/domain/hosts.ts. */
  maltaHost?: string;
}

/** The href of a footer link: under the language prefix, on this site or the Malta host (https). */
export function footerHref(link: FooterLink, langPrefix: string, maltaHost = MALTA_SITE_HOST): string {
  const local = withLangPrefix(langPrefix, link.path);
  return link.host === 'malta' ? `https://${maltaHost}${local}` : local;
}

/**
 * The visible groups, in FOOTER_GROUP_ORDER, empty groups dropped. Italy-limited users see none (SPEC §6 rule
 * `italy-limit-hides-footer-main-list`); each link is kept only when the policy shows its key.
 */
export function footerGroups(input: FooterModelInput): FooterGroupView[] {
  if (!isVisible(input.decision, 'footer-main-list')) return [];
  const links = [
    ...footerLinks(input.site, input.locale),
    ...(showsGlobalList(input.site) ? popularLinks(input.coins) : []),
  ];
  return FOOTER_GROUP_ORDER.map((key) => ({
    key,
    links: links
      .filter((l) => l.group === key && isVisible(input.decision, l.key))
      .map((l) => ({
        key: l.key,
        href: footerHref(l, input.langPrefix, input.maltaHost),
        titleKey: l.titleKey,
        ...(l.titleValues ? { titleValues: l.titleValues } : {}),
        external: l.host === 'malta',
      })),
  })).filter((g) => g.links.length > 0);
}
