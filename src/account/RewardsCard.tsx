/**
 * The rewards promo card's content (SPEC §1 'a rewards promo card', §9 'a 40% referral and 500'): the sign-up reward,
 * the referral commission and links to act on them, and the rewards hub (SPEC §1 'a rewards-hub promo card', §2
 * /rewards_hub). Loaded on the first intent on the `nav-rewards` trigger (./RewardsMenu.tsx).
 */
import { useTranslation } from '../i18n/react.tsx';
import { useSnapshot } from 'valtio';
import { withLangPrefix } from '../../common/domain/route.ts';
import { siteState } from '../state/site.ts';
import { MenuIcon } from '../ui/MenuIcon.tsx';
import { signupHref } from './signup-query.ts';
import { useScoped } from '../state/page-scope.tsx';

/** Sign-up rewards ceiling, USDT (SPEC §9). */
export const SIGNUP_REWARD_USDT = 500;
/** Referral commission, percent (SPEC §9). */
export const REFERRAL_COMMISSION_PCT = 40;

/** The rewards hub page (SPEC §2 Community and info). */
export const REWARDS_HUB_PATH = '/rewards_hub';

/** The card (`data-testid="rewards-card"`). */
export default function RewardsCard() {
  const { t } = useTranslation('account');
  const { langPrefix } = useSnapshot(useScoped(siteState));
  return (
    <div className="rewards-card" data-testid="rewards-card">
      <p className="rewards-eyebrow">{t('rewards.eyebrow')}</p>
      <p className="rewards-amount">{t('rewards.amount', { amount: SIGNUP_REWARD_USDT })}</p>
      <p className="rewards-text">{t('rewards.signupText')}</p>
      <a className="btn btn-primary btn-block" href={signupHref(langPrefix)}>
        {t('rewards.cta')}
      </a>
      <a className="rewards-referral" href={withLangPrefix(langPrefix, '/referral')}>
        <MenuIcon name="referral" size={18} />
        <span>{t('rewards.referral', { pct: REFERRAL_COMMISSION_PCT })}</span>
      </a>
      <a
        className="rewards-referral"
        href={withLangPrefix(langPrefix, REWARDS_HUB_PATH)}
        data-testid="rewards-hub-link"
      >
        <MenuIcon name="gift" size={18} />
        <span>{t('rewards.hub')}</span>
      </a>
    </div>
  );
}
