/**
 * Personal centre (`nav-profile`, SPEC §1, §2 'Profile', §4 logout, §6): the avatar trigger, server-rendered with the
 * header; the dropdown's content (src/account/ProfileMenuContent.tsx) loads on the first intent on the trigger.
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
import { loadNamespaces } from '../i18n/index.ts';
import { useScoped } from '../state/page-scope.tsx';

const ProfileMenuContent = lazyOnIntent(
  () =>
    Promise.all([import('./ProfileMenuContent.tsx'), loadNamespaces(['account', 'nav'])]).then(
      ([m]) => m.default,
    ),
  'profile menu',
);

/** The avatar trigger and the personal-centre dropdown. */
export function ProfileMenu({ policy }: { policy: HeaderPolicy }) {
  const { t } = useTranslation('account');
  const { user: snap } = useSnapshot(useScoped(sessionState));
  if (!snap) return null;
  const user = snap as UserInfo;
  const { show } = policy;
  return (
    <HoverPopover
      testId="nav-profile"
      ariaLabel={t('profileMenu')}
      align="end"
      triggerClassName="avatar-trigger"
      trigger={show('avatar') ? <Avatar user={user} /> : <Icon name="user" size={20} />}
      onIntent={() => void ProfileMenuContent.preload()}
    >
      <ProfileMenuContent user={user} policy={policy} fallback={chunkFallback} />
    </HoverPopover>
  );
}
