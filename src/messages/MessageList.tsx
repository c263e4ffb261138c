/**
 * One tab's message list (SPEC §2 'Messages dropdown', §3 'Message item', §8): a skeleton while loading, a 'no data'
 * placeholder when the list is empty or the call failed, else up to 10 links (SPEC §9), each with the title, a
 * one-line text preview and the relative send time. Each link goes to the resolved target (resolve-link.ts), or to
 * the notifications page when none is safe. Server text renders as text only.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from '../i18n/react.tsx';
import { useSnapshot } from 'valtio';
import type { NoticeTab } from '../../common/domain/notice-types.ts';
import { withLangPrefix } from '../../common/domain/route.ts';
import { siteState } from '../state/site.ts';
import { previewText, relativeTime } from './message-text.ts';
import { noticeState } from './notice-store.ts';
import { resolveNoticeLink } from './resolve-link.ts';
import { useScoped } from '../state/page-scope.tsx';

/** How often the relative times refresh while the list is shown, ms. */
const NOW_REFRESH_MS = 30_000;

/** The current time (unix ms), refreshed every NOW_REFRESH_MS while mounted. */
function useNow(): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), NOW_REFRESH_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** Skeleton rows shown while a tab loads. */
const SKELETON_ROWS = 4;

/** The list of `tab`, read from the notice store. */
export function MessageList({ tab }: { tab: NoticeTab }) {
  const { t } = useTranslation('messages');
  const { langPrefix, locale } = useSnapshot(useScoped(siteState));
  const state = useSnapshot(noticeState)[tab];
  const now = useNow();

  if (state.status === 'idle' || state.status === 'loading') {
    return (
      <div className="messages-list" aria-busy="true" data-testid="messages-loading">
        <span className="visually-hidden">{t('loading')}</span>
        {Array.from({ length: SKELETON_ROWS }, (_, i) => (
          <div className="message-skeleton" key={i} aria-hidden="true">
            <span className="message-skeleton-title" />
            <span className="message-skeleton-line" />
            <span className="message-skeleton-time" />
          </div>
        ))}
      </div>
    );
  }
  const items = state.status === 'ready' ? state.items : [];
  if (items.length === 0) {
    return (
      <div className="messages-list messages-empty" data-testid="messages-empty">
        <svg width="56" height="56" viewBox="0 0 56 56" aria-hidden="true">
          <rect
            x="10"
            y="14"
            width="36"
            height="28"
            rx="4"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
          />
          <path d="M10 20l18 12 18-12" fill="none" stroke="currentColor" strokeWidth="2" />
        </svg>
        <span>{t('empty')}</span>
      </div>
    );
  }
  const fallback = withLangPrefix(langPrefix, '/reminder');
  return (
    <ul className="messages-list" data-testid="messages-list">
      {items.map((item) => (
        <li key={item.msg_id}>
          <a
            className="message-item"
            href={resolveNoticeLink(item, langPrefix) ?? fallback}
            data-testid="message-item"
            data-type={item.type}
          >
            <span className="message-title" dir="auto">
              {item.title}
            </span>
            <span className="message-preview" dir="auto">
              {previewText(item.content)}
            </span>
            <time className="message-time" dateTime={new Date(item.send_timest * 1000).toISOString()}>
              {relativeTime(item.send_timest, now, locale)}
            </time>
          </a>
        </li>
      ))}
    </ul>
  );
}
