/**
 * Profile summary at the top of the personal centre and the side drawer (SPEC §3 user info, §8, §9): the avatar,
 * a link to /myaccount/profile (SPEC §2 Profile 'also avatar click') wherever the policy shows the profile entry,
 * nickname with the verified tick (verified '1' or '4'), UID with copy and the 'Copied successfully' toast, the VIP
 * level's image with progress to the next tier, and the 'too weak' security warning at safe_level ≤ 1.
 */
import { useTranslation } from '../i18n/react.tsx';
import type { UserInfo } from '../../common/wire/user.ts';
import { withLangPrefix } from '../../common/domain/route.ts';
import { PROFILE_INFO } from '../menus/account.ts';
import type { HeaderPolicy } from '../policy/use-policy.ts';
import { MenuIcon } from '../ui/MenuIcon.tsx';
import { copyText } from './copy-text.ts';
import { showToast } from './toast.ts';
import { Avatar, displayName } from './Avatar.tsx';
import { VipBadge } from './VipBadge.tsx';

/** SPEC §3: these `verified` values show the tick. */
export const VERIFIED_VALUES: readonly string[] = ['1', '4'];
/** SPEC §9: the security warning shows at or below this safe_level. */
export const WEAK_SAFE_LEVEL = 1;

export { displayName, safeAvatar } from './Avatar.tsx';

/** The summary block for signed-in `user` under `policy` (its language prefix and whether the profile page shows). */
export function ProfileSummary({ user, policy }: { user: UserInfo; policy: HeaderPolicy }) {
  const { t } = useTranslation('account');
  const { langPrefix } = policy.ctx;
  const profileHref = policy.show(PROFILE_INFO.key) ? PROFILE_INFO.link?.(policy.ctx) : undefined;
  const verified = VERIFIED_VALUES.includes(user.verified);
  const next = user.tier_level + 1;
  const copy = async () => {
    if (await copyText(user.uid)) showToast(t('copied'));
  };
  return (
    <div className="profile-summary">
      <div className="profile-head">
        {profileHref ? (
          <a
            className="avatar-link"
            href={profileHref}
            aria-label={t('openProfile')}
            data-testid="profile-avatar-link"
          >
            <Avatar user={user} size={44} />
          </a>
        ) : (
          <Avatar user={user} size={44} />
        )}
        <div className="profile-id">
          <p className="profile-name">
            <span data-testid="profile-nickname">{displayName(user)}</span>
            {verified && (
              <span className="verified-tick" data-testid="verified-tick" title={t('verified')}>
                <MenuIcon name="verify" size={16} />
                <span className="visually-hidden">{t('verified')}</span>
              </span>
            )}
          </p>
          <p className="profile-uid">
            <span>{t('uid')}</span>
            <span dir="ltr" data-testid="profile-uid">
              {user.uid}
            </span>
            <button
              type="button"
              className="copy-button"
              data-testid="copy-uid"
              aria-label={t('copyUid')}
              onClick={copy}
            >
              <MenuIcon name="duplicate" size={14} />
            </button>
          </p>
        </div>
      </div>
      <a className="vip-card" href={withLangPrefix(langPrefix, '/vip')} data-testid="vip-card">
        <span className="vip-row">
          <VipBadge level={user.tier_level} />
          <span className="vip-next">
            {t('vipNext', { level: next, pct: Math.round(user.tier_next_progress) })}
          </span>
        </span>
        <span
          className="vip-progress"
          role="progressbar"
          aria-label={t('vipProgress', { level: next })}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(user.tier_next_progress)}
        >
          <span className="vip-progress-fill" style={{ width: `${user.tier_next_progress}%` }} />
        </span>
        <span className="vip-volume">{t('vipVolume', { amount: user.tier_all_trade_usdt || '0.00' })}</span>
      </a>
      {user.safe_level <= WEAK_SAFE_LEVEL && (
        <a
          className="safety-warning"
          href={withLangPrefix(langPrefix, '/myaccount/security-setting')}
          data-testid="safety-warning"
        >
          <MenuIcon name="warning" size={16} />
          <span>{t('safetyWeak')}</span>
        </a>
      )}
    </div>
  );
}
