/**
 * Main-thread calls of the message centre and the announcement bar (SPEC §7), through the one API edge
 * (src/api/client.ts). Both swallow every failure (SPEC §8): a failed, slow (> 4 s), unauthorised or malformed
 * answer gives the fallback — an empty list, no announcement — and a log line.
 */
import { NOTICE_PAGE_SIZE, NOTICE_TAB_TYPES, type NoticeTab } from '../../common/domain/notice-types.ts';
import { apiLanguage, type Locale } from '../../common/domain/locales.ts';
import type { Announcement, NoticeItem } from '../../common/wire/messages.ts';
import { MESSAGES_API } from '../../common/wire/endpoints.ts';
import { FALLBACKS } from './fallbacks.ts';
import { apiGet } from './client.ts';
import { messagesWire, withWire } from './wire.ts';

/**
 * The first page (SPEC §9: 10 items) of a tab's messages (SPEC §2 type list), newest first as the server sends
 * them. Items that do not fit the schema are dropped. Never throws; failure → `{ok: false, items: []}`.
 */
export async function fetchNotices(tab: NoticeTab): Promise<{ ok: boolean; items: NoticeItem[] }> {
  const request = apiGet(MESSAGES_API.noticeRecord, {
    type: NOTICE_TAB_TYPES[tab].join(','),
    page: '1',
    size: String(NOTICE_PAGE_SIZE),
  });
  return withWire(messagesWire, request, { ok: false, items: [] }, `notices ${tab}`, (res, w) => {
    const data = w.dataOr(res, w.NoticeRecord, null, `notices ${tab}`);
    return data
      ? { ok: true, items: w.parseNoticeList(data.list).slice(0, NOTICE_PAGE_SIZE) }
      : { ok: false, items: [] };
  });
}

/**
 * The announcement of page `pageKey` in `locale` (SPEC §3, §7), or null when the page has none or the call failed.
 * Never throws.
 */
export async function fetchAnnouncement(pageKey: string, locale: Locale): Promise<Announcement | null> {
  // SPEC §9 locale mapping: the back end's language code (zh → cn, zh-tw → tw, pt → pt-PT, pt-br → pt-BR).
  const request = apiGet(MESSAGES_API.fullsiteBulletin, { page: pageKey, lang: apiLanguage(locale) });
  return withWire(
    messagesWire,
    request,
    null,
    'announcement',
    (res, w) => w.dataOr(res, w.Bulletin, FALLBACKS.bulletin, 'announcement').announcement,
  );
}
