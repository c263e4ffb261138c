/**
 * The message centre's store (valtio): one remote-data status per tab (STYLE habit 4). A tab's list loads once, on
 * its first open (SPEC §4 'The hover notice list loads once on first hover'); a failure shows an empty list
 * (SPEC §8) and is not retried until the page reloads.
 */
import { proxy, ref } from 'valtio';
import { NOTICE_TABS, type NoticeTab } from '../../common/domain/notice-types.ts';
import type { NoticeItem } from '../../common/wire/messages.ts';
import { fetchNotices } from '../api/messages.ts';

/** A tab's list: not asked yet, loading, loaded (possibly empty), or failed (shown as empty). */
export type NoticeTabState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'ready'; items: readonly NoticeItem[] }
  | { status: 'error' };

/** The store: one state per tab. */
export const noticeState = proxy<Record<NoticeTab, NoticeTabState>>(
  Object.fromEntries(NOTICE_TABS.map((t) => [t, { status: 'idle' }])) as Record<NoticeTab, NoticeTabState>,
);

/**
 * Loads `tab` unless it was asked before (whatever the outcome). Resolves when the list is settled; never rejects.
 * `load` is the fetcher (tests pass their own).
 */
export async function loadNoticeTab(tab: NoticeTab, load = fetchNotices): Promise<void> {
  if (noticeState[tab].status !== 'idle') return;
  noticeState[tab] = { status: 'loading' };
  const { ok, items } = await load(tab).catch(() => ({ ok: false, items: [] as NoticeItem[] }));
  noticeState[tab] = ok ? { status: 'ready', items: ref(items) } : { status: 'error' };
}
