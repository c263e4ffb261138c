/**
 * The signed-in user's avatar (SPEC §2 'Profile', §3 user info): the header's profile trigger and the profile
 * summary. Kept apart from the summary so the server-rendered trigger needs no dropdown code.
 */
import type { UserInfo } from '../../common/wire/user.ts';
import { ICON_HOSTS } from '../../common/domain/hosts.ts';
import { safeUrl } from '../../common/url-policy.ts';

/** The display name: nickname, else user_nick, else the UID. */
export function displayName(user: Pick<UserInfo, 'nickname' | 'user_nick' | 'uid'>): string {
  return user.nickname || user.user_nick || user.uid;
}

/**
 * An avatar URL we are willing to load, through the one URL policy: a normalised same-origin path or an https URL on
 * ICON_HOSTS (user avatars are served by the same static host as icons, and the CSP's img-src allows only those);
 * else null (initial letter instead).
 */
export function safeAvatar(url: unknown): string | null {
  return safeUrl(url, ICON_HOSTS);
}

/** The avatar circle (image or initial). */
export function Avatar({ user, size = 32 }: { user: UserInfo; size?: number }) {
  const src = safeAvatar(user.user_avatar);
  return (
    <span className="avatar" style={{ width: size, height: size, fontSize: size * 0.42 }} aria-hidden="true">
      {src ? <img src={src} alt="" width={size} height={size} /> : displayName(user).charAt(0).toUpperCase()}
    </span>
  );
}
