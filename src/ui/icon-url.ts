/**
 * The render-side check of coin and chain icon URLs (SPEC §3 icons; DESIGN 'Security at the edges'): whatever the
 * list data carries, an `<img src>` only ever gets a same-origin path or an https URL on ICON_HOSTS
 * (common/domain/hosts.ts), through the one URL policy (common/url-policy.ts).
 */
import { ICON_HOSTS } from '../../common/domain/hosts.ts';
import { safeUrl } from '../../common/url-policy.ts';

/** The icon URL to load, normalised, or null (the caller shows the letter avatar). Never throws. */
export function coinIconSrc(src: unknown): string | null {
  return safeUrl(src, ICON_HOSTS);
}
