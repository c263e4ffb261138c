/**
 * The site-wide announcement bar above the header (SPEC §2 'Announcement banner on page /', §3, §4, §9), split by
 * first use: this part, in the first load, decides whether the page shows an announcement at all (only pages with an
 * announcement page key, the home page '/') and keeps the bar's space (`announcement-slot`, same height, so the
 * header never moves: CLS) while the bar's code (./AnnouncementContent.tsx: fetching, sanitising, marquee, dismiss)
 * and then the announcement itself are on their way. The server renders the slot too, so hydration matches. A failed
 * chunk load renders nothing, as a failed announcement does (SPEC §8).
 */
import { useSnapshot } from 'valtio';
import { announcementPageKey } from '../../common/domain/announcement.ts';
import { lazyOnIntent, type ChunkFallbackProps } from '../lib/lazy-intent.tsx';
import { siteState } from '../state/site.ts';
// In the first-load stylesheet: the slot must have the bar's height before any of its code arrives.
import './announcement.css';
import { useScoped } from '../state/page-scope.tsx';

/**
 * The bar's code and its strings (the `messages` namespace, which the server render of the slot does not embed):
 * loaded as soon as a page with an announcement page key renders, so the bar's first paint has its words, never
 * their keys (a key's width would also shift the marquee's measured box).
 */
const AnnouncementContent = lazyOnIntent(
  () => import('./AnnouncementContent.tsx').then((m) => m.default),
  'announcement bar',
  ['messages'],
);

/** The reserved space while the code loads; nothing once it failed. */
function slot({ status }: ChunkFallbackProps) {
  return status === 'failed' ? null : (
    <div className="announcement-slot" data-testid="announcement-slot" aria-hidden="true" />
  );
}

/** The bar, its reserved space while it is on its way, or nothing (pages without an announcement). */
export function AnnouncementBar() {
  const { path } = useSnapshot(useScoped(siteState));
  if (announcementPageKey(path) === null) return null;
  return <AnnouncementContent fallback={slot} />;
}
