/**
 * The announcement bar's content (loaded by ./AnnouncementBar.tsx once the page shows an announcement). The
 * site-wide announcement bar above the header (SPEC §2 'Announcement banner on page /', §3, §4, §9): only on
 * pages with an announcement page key (the home page '/'); content is DOMPurify-sanitised inline HTML with links
 * through the URL policy; a details link; a close button that stores the content_id in the dismissed list so the
 * notice never returns. On a mobile viewport overflowing text runs as a marquee of ceil(width / 200 × 3) s, none
 * under prefers-reduced-motion. Keeps the bar's space while the announcement loads; renders nothing when there is
 * none or after a failure (SPEC §8). The HTML is sanitised before it reaches the bar (./use-announcement.ts).
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../i18n/react.tsx';
import { useSnapshot } from 'valtio';
import { announcementPageKey } from '../../common/domain/announcement.ts';
import { resolveDataLink } from '../lib/data-link.ts';
import { siteState } from '../state/site.ts';
import { Icon } from '../ui/Icon.tsx';
import { MARQUEE_MAX_VIEWPORT_PX, marqueeDurationS, shouldMarquee } from './marquee.ts';
import { useAnnouncement } from './use-announcement.ts';
import { useScoped } from '../state/page-scope.tsx';

const reducedMotion = () =>
  typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;

/** The bar, its reserved space while the announcement is on its way, or nothing. */
export default function AnnouncementContent() {
  const { t } = useTranslation('messages');
  const { path, langPrefix, locale, viewportWidth } = useSnapshot(useScoped(siteState));
  const { announcement, pending, dismiss } = useAnnouncement(announcementPageKey(path), locale, langPrefix);
  const html = announcement?.html ?? '';
  const box = useRef<HTMLDivElement>(null);
  const text = useRef<HTMLSpanElement>(null);
  const [measured, setMeasured] = useState<number | null>(null);
  // No marquee on a wide viewport (SPEC §9: mobile only), whatever was measured before a resize.
  const wide = viewportWidth > MARQUEE_MAX_VIEWPORT_PX;
  const marquee = wide ? null : measured;

  useEffect(() => {
    const boxEl = box.current;
    const textEl = text.current;
    // No layout read on a wide viewport: there is never a marquee there.
    if (!boxEl || !textEl || wide || typeof ResizeObserver !== 'function') return;
    // Measured in a ResizeObserver callback, which runs right after the browser's own layout of the frame, so
    // reading the widths forces no extra layout in the commit (a long task on a slow phone); it runs again when the
    // bar's box changes size (rotation, a window resize). The text is not observed: the page uses system fonts only,
    // so its width does not change after the first layout.
    // A box that changes size while the text runs (a scrollbar appears, rotation) is measured again: the running
    // text's scroll width then includes its lead-in padding (one box width), which is not content.
    const observer = new ResizeObserver(() => {
      const width = textEl.scrollWidth - (parseFloat(getComputedStyle(textEl).paddingInlineStart) || 0);
      setMeasured(
        shouldMarquee(window.innerWidth, width, boxEl.clientWidth, reducedMotion())
          ? marqueeDurationS(width)
          : null,
      );
    });
    observer.observe(boxEl);
    return () => observer.disconnect();
  }, [html, wide]);

  if (pending) {
    // The bar's box (same height) while the bulletin and its sanitising are on their way: the header below does
    // not move when the bar arrives (CLS). Collapses when there is no announcement.
    return <div className="announcement-slot" data-testid="announcement-slot" aria-hidden="true" />;
  }
  if (!announcement || !html) return null;
  const details = resolveDataLink(announcement.link, langPrefix);
  return (
    <section
      className="announcement-bar"
      data-testid="announcement-bar"
      data-content-id={announcement.content_id}
      aria-label={t('announcement.label')}
    >
      <Icon name="megaphone" size={16} className="announcement-icon" />
      <div className="announcement-box" ref={box}>
        <span
          ref={text}
          className={marquee ? 'announcement-text is-marquee' : 'announcement-text'}
          data-testid="announcement-text"
          data-marquee-s={marquee ?? undefined}
          style={marquee ? { animationDuration: `${marquee}s` } : undefined}
          // Sanitised (sanitize.ts): inline tags only, links through the URL policy.
          dangerouslySetInnerHTML={{ __html: html }}
        />
      </div>
      {details && (
        <a className="announcement-details" href={details} data-testid="announcement-link">
          {t('announcement.details')}
        </a>
      )}
      <button
        type="button"
        className="icon-button announcement-close"
        data-testid="announcement-close"
        aria-label={t('announcement.close')}
        onClick={dismiss}
      >
        <Icon name="close" size={16} />
      </button>
    </section>
  );
}
