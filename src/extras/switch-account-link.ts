/**
 * The one destination of Switch Account (SPEC §1 'Switch Account', §6): the sign-in page in its switch mode,
 * `{lang_prefix}/login?switch=1`, with `&uid=` naming the account picked in the dialog. The profile menu's entry and
 * every account of the switch dialog link here, for a main account and a sub-account alike: a sub-account never sees
 * sub-account management (SPEC §6), so switching never goes through `/myaccount/sub_account_manage`. Pure.
 */
import { withLangPrefix } from '../../common/domain/route.ts';

/** Path of the sign-in page in switch mode. */
export const SWITCH_ACCOUNT_PATH = '/login';

/** `{langPrefix}/login?switch=1`, plus `&uid={uid}` (URL-encoded) when an account is named. */
export function switchAccountHref(langPrefix: string, uid?: string): string {
  const query = new URLSearchParams({ switch: '1' });
  if (uid) query.set('uid', uid);
  return `${withLangPrefix(langPrefix, SWITCH_ACCOUNT_PATH)}?${query}`;
}
