/**
 * Personal centre (`nav-profile`, SPEC §1, §2 'Profile', §4 logout, §6): profile summary, profile entries the policy
 * shows, Switch Account, and the two logouts (this device, all devices).
 */
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { UserInfo } from '../../common/wire/user.ts';
import { MenuEntry } from '../menus/MenuEntry.tsx';
import type { HeaderPolicy } from '../policy/use-policy.ts';
import { withLangPrefix } from '../../common/domain/route.ts';
import { PROFILE_MENU } from '../menus/account.ts';
import { visibleItems } from '../policy/filter-menu.ts';
import { sessionState } from '../state/session.ts';
import { HoverPopover } from '../ui/HoverPopover.tsx';
import { Icon } from '../ui/Icon.tsx';
import { logout } from './logout.ts';
import { Avatar, ProfileSummary } from './ProfileSummary.tsx';

/** The avatar trigger and the personal-centre dropdown. */
export function ProfileMenu({ policy }: { policy: HeaderPolicy }) {
  const { t } = useTranslation('account');
  const { user: snap } = useSnapshot(sessionState);
  if (!snap) return null;
  const user = snap as UserInfo;
  const items = visibleItems(PROFILE_MENU.items, policy.decision);
  const { show, ctx } = policy;
  return (
    <HoverPopover
      testId="nav-profile"
      ariaLabel={t('profileMenu')}
      align="end"
      triggerClassName="avatar-trigger"
      trigger={show('avatar') ? <Avatar user={user} /> : <Icon name="user" size={20} />}
    >
      <div className="account-menu profile-menu">
        <ProfileSummary user={user} langPrefix={ctx.langPrefix} />
        <nav aria-label={t('profileMenu')}>
          <ul className="menu-list menu-list-2col">
            {items.map((item) => (
              <li key={item.key}>
                <MenuEntry item={item} ctx={ctx} compact />
              </li>
            ))}
          </ul>
        </nav>
        <div className="profile-footer">
          {show('switch-account') && (
            <a
              className="menu-row"
              href={withLangPrefix(ctx.langPrefix, '/login?switch=1')}
              data-testid="switch-account"
            >
              <Icon name="switch" size={18} />
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
              <Icon name="logout" size={18} />
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
              <Icon name="logout" size={18} />
              {t('logoutAll')}
            </button>
          )}
        </div>
      </div>
    </HoverPopover>
  );
}
