/**
 * Profile summary at the top of the personal centre (SPEC §3 user info, §8, §9): avatar, nickname with the verified
 * tick (verified '1' or '4'), UID with copy and the 'Copied successfully' toast, VIP level with progress to the next
 * tier, and the 'too weak' security warning at safe_level ≤ 1.
 */
import { useTranslation } from '../i18n/react.tsx';
import type { UserInfo } from '../../common/wire/user.ts';
import { withLangPrefix } from '../../common/domain/route.ts';
import { MenuIcon } from '../ui/MenuIcon.tsx';
import { copyText } from './copy-text.ts';
import { showToast } from './toast.ts';
import { Avatar, displayName } from './Avatar.tsx';

/** SPEC §3: these `verified` values show the tick. */
export const VERIFIED_VALUES: readonly string[] = ['1', '4'];
/** SPEC §9: the security warning shows at or below this safe_level. */
export const WEAK_SAFE_LEVEL = 1;

export { Avatar, displayName, safeAvatar } from './Avatar.tsx';

/** The summary block. */
export function ProfileSummary({ user, langPrefix }: { user: UserInfo; langPrefix: string }) {
  const { t } = useTranslation('account');
  const verified = VERIFIED_VALUES.includes(user.verified);
  const next = user.tier_level + 1;
  const copy = async () => {
    if (await copyText(user.uid)) showToast(t('copied'));
  };
  return (
    <div className="profile-summary">
      <div className="profile-head">
        <Avatar user={user} size={44} />
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
          <span className="vip-badge">
            <MenuIcon name="vip" size={14} />
            {t('vipLevel', { level: user.tier_level })}
          </span>
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
