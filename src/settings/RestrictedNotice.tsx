/**
 * SPEC §8 restricted-location notice for German, French and Spanish pages, below the header. This part, in the first
 * load, decides whether it shows (the locale, and no dismissal this browser session: session cookie
 * `restricted_notice_closed`, which the server render reads too); the bar itself (./RestrictedNoticeBar.tsx, with its
 * dismiss button) is a chunk of its own, fetched before hydration on the pages that show it
 * (src/lib/deferred-hydration.tsx, `preloadRestrictedNotice`).
 */
import { useSnapshot } from 'valtio';
import { RESTRICTED_NOTICE_LOCALES, type Locale } from '../../common/domain/locales.ts';
import { deferredHydration } from '../lib/deferred-hydration.tsx';
import { siteState } from '../state/site.ts';
import { useScoped } from '../state/page-scope.tsx';

const RestrictedNoticeBar = deferredHydration(
  () => import('./RestrictedNoticeBar.tsx').then((m) => m.default),
  'restricted notice',
);

/** True when the notice shows: a restricted-notice locale, not dismissed this session. */
function noticeShown(locale: Locale, closed: boolean): boolean {
  return RESTRICTED_NOTICE_LOCALES.includes(locale) && !closed;
}

/** Loads the bar's code when the current page shows it (call before hydrating); resolves, never rejects. */
export function preloadRestrictedNotice(): Promise<void> {
  return noticeShown(siteState.locale, siteState.restrictedNoticeClosed)
    ? RestrictedNoticeBar.preload()
    : Promise.resolve();
}

/** The notice bar, or nothing for other locales or once dismissed. */
export function RestrictedNotice() {
  const { locale, restrictedNoticeClosed } = useSnapshot(useScoped(siteState));
  return noticeShown(locale, restrictedNoticeClosed) ? <RestrictedNoticeBar /> : null;
}
