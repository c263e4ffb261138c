/**
 * The personal-centre dropdown's content (SPEC §1, §2 'Profile', §4 logout, §6): profile summary, the profile entries
 * the policy shows, Switch Account and the two logouts. Its own chunk, loaded on the first intent on the avatar
 * (src/account/ProfileMenu.tsx).
 */
import { useTranslation } from '../i18n/react.tsx';
import type { UserInfo } from '../../common/wire/user.ts';
import { CompactMenuList } from '../menus/MenuEntry.tsx';
import type { HeaderPolicy } from '../policy/use-policy.ts';
import { switchAccountHref } from '../extras/switch-account-link.ts';
import { PROFILE_MENU } from '../menus/account.ts';
import { visibleItems } from '../policy/filter-menu.ts';
import { MenuIcon } from '../ui/MenuIcon.tsx';
import { logout } from './logout.ts';
import { ProfileSummary } from './ProfileSummary.tsx';

/** The dropdown for signed-in `user` under `policy`. */
export default function ProfileMenuContent({ user, policy }: { user: UserInfo; policy: HeaderPolicy }) {
  const { t } = useTranslation('account');
  const items = visibleItems(PROFILE_MENU.items, policy.decision);
  const { show, ctx } = policy;
  return (
    <div className="account-menu profile-menu">
      <ProfileSummary user={user} policy={policy} />
      <CompactMenuList label={t('profileMenu')} items={items} ctx={ctx} twoColumns />
      <div className="profile-footer">
        {show('switch-account') && (
          <a className="menu-row" href={switchAccountHref(ctx.langPrefix)} data-testid="switch-account">
            <MenuIcon name="switch" size={18} />
            {t('switchAccount')}
          </a>
        )}
        {show('logout') && (
          <button
            type="button"
            className="menu-row"
            data-testid="logout-device"
            onClick={() => void logout('device')}
          >
            <MenuIcon name="logout" size={18} />
            {t('logout')}
          </button>
        )}
        {show('logout-all') && (
          <button
            type="button"
            className="menu-row"
            data-testid="logout-all"
            onClick={() => void logout('all')}
          >
            <MenuIcon name="logout" size={18} />
            {t('logoutAll')}
          </button>
        )}
      </div>
    </div>
  );
}
