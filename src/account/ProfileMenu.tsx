/**
 * Personal centre (`nav-profile`, SPEC §1, §2 'Profile', §4 logout, §6), server-rendered with the header; the
 * dropdown's content (src/account/ProfileMenuContent.tsx) loads on the first intent on the trigger.
 *
 * SPEC §2 '/myaccount/profile (also avatar click)': the avatar is a link to the profile page
 * (`nav-profile-link`), and the menu's disclosure button beside it (`nav-profile`, named 'Account menu') opens the
 * dropdown by click, Enter, Space or ArrowDown; hovering or focusing the avatar opens it too (HoverPopover `lead`).
 * Where the policy hides the profile page (Italy and UK limits, SPEC §6) the avatar is no link: it stays inside the
 * disclosure button.
 */
import { useTranslation } from '../i18n/react.tsx';
import { useSnapshot } from 'valtio';
import type { UserInfo } from '../../common/wire/user.ts';
import { lazyOnIntent } from '../lib/lazy-intent.tsx';
import type { HeaderPolicy } from '../policy/use-policy.ts';
import { sessionState } from '../state/session.ts';
import { chunkFallback } from '../ui/ChunkFallback.tsx';
import { HoverPopover } from '../ui/HoverPopover.tsx';
import { Icon } from '../ui/Icon.tsx';
import { Avatar } from './Avatar.tsx';
import { PROFILE_PATH } from './profile-path.ts';
import { withLangPrefix } from '../../common/domain/route.ts';
import { useScoped } from '../state/page-scope.tsx';

const ProfileMenuContent = lazyOnIntent(
  () => import('./ProfileMenuContent.tsx').then((m) => m.default),
  'profile menu',
  ['account', 'nav'],
);

/** The avatar trigger and the personal-centre dropdown. */
export function ProfileMenu({ policy }: { policy: HeaderPolicy }) {
  const { t } = useTranslation('account');
  const { user: snap } = useSnapshot(useScoped(sessionState));
  if (!snap) return null;
  const user = snap as UserInfo;
  const { show, ctx } = policy;
  const face = show('avatar') ? <Avatar user={user} /> : <Icon name="user" size={20} />;
  // The policy's key of the profile page (PROFILE_INFO, src/menus/account.ts).
  const profileHref = show('profile-info') ? withLangPrefix(ctx.langPrefix, PROFILE_PATH) : null;
  return (
    <HoverPopover
      testId="nav-profile"
      ariaLabel={t('profileMenu')}
      align="end"
      triggerClassName={profileHref ? 'avatar-disclosure' : 'avatar-trigger'}
      trigger={profileHref ? <Icon name="chevron-right" size={14} className="avatar-chevron" /> : face}
      lead={
        profileHref
          ? {
              href: profileHref,
              content: face,
              ariaLabel: t('openProfile'),
              testId: 'nav-profile-link',
              className: 'avatar-trigger',
            }
          : undefined
      }
      onIntent={() => void ProfileMenuContent.preload()}
    >
      <ProfileMenuContent user={user} policy={policy} fallback={chunkFallback} />
    </HoverPopover>
  );
}
