/**
 * SPEC §8 restricted-location notice for German, French and Spanish pages, below the header. This part, in the first
 * load, decides whether it shows (the locale, and no dismissal this browser session: session cookie
 * `restricted_notice_closed`, which the server render reads too); the bar itself (./RestrictedNoticeBar.tsx) is a
 * chunk hydrated after the header, its server HTML in place until then (src/lib/deferred-hydration.tsx).
 */
import { useSnapshot } from 'valtio';
import { RESTRICTED_NOTICE_LOCALES } from '../../common/domain/locales.ts';
import { deferredHydration } from '../lib/deferred-hydration.tsx';
import { siteState } from '../state/site.ts';

const RestrictedNoticeBar = deferredHydration(
  () => import('./RestrictedNoticeBar.tsx').then((m) => m.default),
  'restricted notice',
);

/** The notice bar, or nothing for other locales or once dismissed. */
export function RestrictedNotice() {
  const { locale, restrictedNoticeClosed } = useSnapshot(siteState);
  if (!RESTRICTED_NOTICE_LOCALES.includes(locale) || restrictedNoticeClosed) return null;
  return <RestrictedNoticeBar />;
}
