// The message centre, announcement and live socket wire schemas (common/wire/messages.ts, live.ts;
// common/domain/announcement.ts): SPEC §3 'Message item', 'Notification', 'Announcement', SPEC §7 calls and the live
// ticker messages of docs/API.md 'Live tickers'. A bad item is dropped, never the list (SPEC §8).
import { describe, expect, it } from 'vitest';
import { announcementPageKey, HOME_PAGE_KEY } from '../../../common/domain/announcement.ts';
import {
  futuresTickKey,
  LIVE_API,
  LIVE_LISTS,
  LiveClientMessage,
  LiveServerMessage,
  LiveTick,
} from '../../../common/wire/live.ts';
import {
  Announcement,
  Bulletin,
  NoticeItem,
  NoticeRecord,
  parseNoticeList,
} from '../../../common/wire/messages.ts';

const item = { msg_id: 5, title: 'Hi', content: 'Body', send_timest: 1700000000, type: 'margin' };

describe('SPEC §3 message items', () => {
  it('ids become text; a missing content, template id, extras or args take their defaults', () => {
    expect(NoticeItem.parse(item)).toEqual({
      msg_id: '5',
      title: 'Hi',
      content: 'Body',
      send_timest: 1700000000,
      type: 'margin',
      template_id: '',
      extras: {},
      template_args: {},
    });
    expect(
      NoticeItem.parse({ ...item, content: 3, template_id: 12, extras: 'x', template_args: [1] }),
    ).toMatchObject({ content: '', template_id: '12', extras: {}, template_args: {} });
  });

  it('notification extras: ids as text, unknown fields dropped, a wrongly typed field drops the extras', () => {
    expect(
      NoticeItem.parse({
        ...item,
        extras: { url: '/a', startup_id: 9, stream_id: 's', market: 'BTC_USDT', x: 1 },
      }).extras,
    ).toEqual({ url: '/a', startup_id: '9', stream_id: 's', market: 'BTC_USDT' });
    expect(NoticeItem.parse({ ...item, extras: { url: 5 } }).extras).toEqual({});
  });

  it('an item without a title, type or a non-negative send time, or with an odd id, is invalid', () => {
    for (const bad of [
      { ...item, title: undefined },
      { ...item, type: 1 },
      { ...item, send_timest: -1 },
      { ...item, send_timest: '1' },
      { ...item, msg_id: null },
      { ...item, msg_id: {} },
    ])
      expect(NoticeItem.safeParse(bad).success).toBe(false);
  });

  it('parseNoticeList keeps the valid items in order and drops the rest', () => {
    const list = [item, { bad: 1 }, { ...item, msg_id: 'b' }, null, 'x'];
    expect(parseNoticeList(list).map((i) => i.msg_id)).toEqual(['5', 'b']);
    expect(parseNoticeList([])).toEqual([]);
    expect(NoticeRecord.safeParse({ list: [1, 'x'] }).success).toBe(true);
    expect(NoticeRecord.safeParse({ list: 'x' }).success).toBe(false);
  });
});

describe('SPEC §3 announcements and SPEC §7 page keys', () => {
  it('an announcement needs content; an odd link is empty', () => {
    expect(Announcement.parse({ content_id: 3, content: '<b>x</b>', link: 4 })).toEqual({
      content_id: '3',
      content: '<b>x</b>',
      link: '',
    });
    expect(Announcement.parse({ content_id: 'a', content: 'x' }).link).toBe('');
    expect(Announcement.safeParse({ content_id: 'a', content: '' }).success).toBe(false);
    expect(Bulletin.parse({ announcement: null })).toEqual({ announcement: null });
    expect(Bulletin.safeParse({}).success).toBe(false);
  });

  it("only the home page '/' has an announcement key, 'home'", () => {
    expect(HOME_PAGE_KEY).toBe('home');
    expect(announcementPageKey('/')).toBe('home');
    expect(announcementPageKey('')).toBe('home');
    for (const p of ['/trade', '/home', '//', '/zh']) expect(announcementPageKey(p)).toBeNull();
  });
});

describe('live ticker messages (docs/API.md "Live tickers")', () => {
  it('the socket path and limits', () => {
    expect(LIVE_API).toEqual({
      path: '/apiw/v2/live',
      maxClientMessageBytes: 1024,
      maxClientMessagesPerS: 20,
      heartbeatMs: 15_000,
    });
    expect(LIVE_LISTS).toEqual(['spot', 'futures', 'pilot']);
  });

  it('client messages: subscribe or unsubscribe to at most the three ticking lists', () => {
    for (const type of ['subscribe', 'unsubscribe']) {
      expect(LiveClientMessage.parse({ type, lists: ['spot', 'pilot'] })).toEqual({
        type,
        lists: ['spot', 'pilot'],
      });
      expect(LiveClientMessage.safeParse({ type, lists: ['premarket'] }).success).toBe(false);
      expect(LiveClientMessage.safeParse({ type, lists: ['spot', 'spot', 'spot', 'spot'] }).success).toBe(
        false,
      );
      expect(LiveClientMessage.safeParse({ type, lists: ['spot', 'futures', 'pilot'] }).success).toBe(true);
    }
    expect(LiveClientMessage.safeParse({ type: 'ping', lists: [] }).success).toBe(false);
  });

  it('server messages: ticks, subscribed, ping and resync', () => {
    const ticks = { type: 'ticks', list: 'futures', sentAt: 1, ticks: [['usdt:BTC_USDT', '1', '2', '3']] };
    for (const m of [
      ticks,
      { type: 'subscribed', lists: ['spot'] },
      { type: 'ping', sentAt: 2 },
      { type: 'resync', lists: ['pilot'] },
    ])
      expect(LiveServerMessage.parse(m)).toEqual(m);
    expect(LiveServerMessage.safeParse({ ...ticks, list: 'premarket' }).success).toBe(false);
    expect(LiveServerMessage.safeParse({ ...ticks, ticks: [['k', '1', '2']] }).success).toBe(false);
    expect(LiveServerMessage.safeParse({ type: 'pong', sentAt: 2 }).success).toBe(false);
  });

  it('a tick is exactly four strings; a futures key is the lower-case settle and the contract', () => {
    expect(LiveTick.parse(['BTC_USDT', '1', '-2', '3'])).toEqual(['BTC_USDT', '1', '-2', '3']);
    expect(LiveTick.safeParse(['BTC_USDT', '1', '-2', 3]).success).toBe(false);
    expect(LiveTick.safeParse(['BTC_USDT', '1', '-2', '3', '4']).success).toBe(false);
    expect(futuresTickKey('USDT', 'BTC_USDT')).toBe('usdt:BTC_USDT');
    expect(futuresTickKey('btc', 'BTC_USD')).toBe('btc:BTC_USD');
  });
});
