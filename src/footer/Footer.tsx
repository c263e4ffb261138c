/**
 * The site footer (SPEC §2 'Footer', §6, §8, §9): brand with social icons and the app QR code, the main list
 * (global, Turkey or regional links, plus the popular-coin families on the global list) filtered by the one
 * visibility policy, regulatory notices, and the bottom bar with the copyright line and the language and fiat
 * selectors. `data-testid="site-footer"`. `now` is the clock for the copyright years (tests pin it).
 * Where the policy blocks footer clicks (the EU, SPEC §6 'EU footer links intercept clicks with a blocking action'),
 * every link inside the footer element is intercepted — the main list, the brand, the social icons, the QR code's
 * link and the disclaimers' user-agreement link — by one capture-phase handler on the footer (footerLinkClicked).
 */
import { useEffect, useState, type MouseEvent } from 'react';
import { useTranslation } from '../i18n/react.tsx';
import { useSnapshot } from 'valtio';
import { Brand } from '../header/Header.tsx';
import { usePolicy } from '../policy/use-policy.ts';
import { LanguageMenu } from '../settings/LanguageMenu.tsx';
import { markPartHydrated, siteState } from '../state/site.ts';
import { AppQr } from './AppQr.tsx';
import { copyrightYears } from './copyright.ts';
import { Disclaimers } from './Disclaimers.tsx';
import { EuBlockNotice } from './EuBlockNotice.tsx';
import { footerGroups } from './footer-model.ts';
import { FooterFiat } from './FooterFiat.tsx';
import { FooterGroups } from './FooterGroups.tsx';
import { footerNotices } from './notices.ts';
import { usePopularCoins } from './popular-coins.ts';
import { SocialLinks } from './SocialLinks.tsx';
import './footer.css';
import { useViewportBelow } from '../state/viewport.ts';
import { FOOTER_MOBILE_BELOW_PX, type FooterLayout } from './footer-layout.ts';
import { useScoped } from '../state/page-scope.tsx';

export { FOOTER_MOBILE_BELOW_PX };

/** The footer's name for index.html's click hold (`data-hydrates`, `markPartHydrated`). */
export const FOOTER_HYDRATES = 'footer';

/**
 * True when `target` is inside a link (`a[href]`) that is inside the footer element `footer` in the DOM. Content that
 * React portals out of the footer (the language menu, the EU notice itself) is not inside it and is not blocked.
 */
function footerLinkClicked(footer: Element, target: EventTarget | null): boolean {
  const link = target instanceof Element ? target.closest('a[href]') : null;
  return link !== null && footer.contains(link);
}

/** The footer. */
export function Footer({ now = () => new Date() }: { now?: () => Date }) {
  const { t } = useTranslation('footer');
  const { t: tc } = useTranslation();
  const { decision, show } = usePolicy();
  const { subSite, locale, langPrefix } = useSnapshot(useScoped(siteState));
  const mobile = useViewportBelow(FOOTER_MOBILE_BELOW_PX);
  const { coins } = usePopularCoins();
  const [blocked, setBlocked] = useState(false);
  const groups = footerGroups({ site: subSite, locale, langPrefix, decision, coins });
  const main = groups.filter((g) => !g.key.startsWith('popular-'));
  const popular = groups.filter((g) => g.key.startsWith('popular-'));
  const years = copyrightYears(subSite, now());

  const onClickCapture = decision.footerClickBlocked
    ? (e: MouseEvent<HTMLElement>) => {
        if (!footerLinkClicked(e.currentTarget, e.target)) return;
        e.preventDefault();
        setBlocked(true);
      }
    : undefined;

  // The footer hydrates after the header: a click held on one of its buttons meanwhile is replayed now (index.html).
  useEffect(() => markPartHydrated(FOOTER_HYDRATES), []);

  return (
    <footer
      className="site-footer"
      data-testid="site-footer"
      data-sub-site={subSite}
      data-hydrates={FOOTER_HYDRATES}
      data-layout={(mobile ? 'mobile' : 'wide') satisfies FooterLayout}
      // SPEC §6: the EU footer's links must not navigate before its click handler is attached (index.html holds them).
      data-hold-links={decision.footerClickBlocked ? '' : undefined}
      onClickCapture={onClickCapture}
    >
      <div className="footer-inner">
        <div className="footer-top">
          <div className="footer-brand">
            <Brand />
            <p className="footer-tagline">{t('tagline')}</p>
            {show('footer-social') && <SocialLinks />}
            {show('footer-qr') && <AppQr langPrefix={langPrefix} />}
          </div>
          {groups.length > 0 && (
            <nav className="footer-nav" aria-label={t('nav')}>
              <FooterGroups groups={mobile ? groups : main} accordion={mobile} />
              {!mobile && popular.length > 0 && (
                <div className="footer-popular">
                  <h2 className="footer-popular-title">{t('popular.title')}</h2>
                  <FooterGroups groups={popular} accordion={false} />
                </div>
              )}
            </nav>
          )}
        </div>
        <Disclaimers notices={footerNotices(subSite, locale)} langPrefix={langPrefix} />
        <div className="footer-bottom">
          <p className="footer-copyright" data-testid="footer-copyright">
            {t('copyright', { from: years.from, to: years.to, brand: tc('brand') })}
          </p>
          <div className="footer-selectors">
            {show('language') && (
              <LanguageMenu
                testId="footer-language"
                withName
                triggerClassName="footer-select"
                align="start"
              />
            )}
            {mobile && show('exchange-rate') && <FooterFiat />}
          </div>
        </div>
      </div>
      {decision.footerClickBlocked && <EuBlockNotice open={blocked} onOpenChange={setBlocked} />}
    </footer>
  );
}
