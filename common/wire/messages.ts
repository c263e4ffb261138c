/**
 * Wire shapes and paths of the message centre and the announcement bar (SPEC §3 'Message item', 'Notification',
 * 'Announcement'; §7 calls). zod schemas are the single source: the reference server builds values of these types
 * and the app validates answers with them (SPEC §8: an invalid answer falls back, never throws). Realm-neutral.
 */
import { z } from 'zod';

/** Paths of the two calls (SPEC §7). The only place these strings are written. */
export const MESSAGES_PATHS = {
  /** `?type=T1,T2&page=1&size=10` → `{code: 200, data: {list: NoticeItem[]}}`; anonymous → `{code: 401}`. */
  noticeRecord: '/apiw/v2/herald/get_notice_record',
  /** `?page=KEY` → `{code: 200, data: {announcement: Announcement | null}}`. */
  fullsiteBulletin: '/api/web/v1/site/fullsiteBulletin',
} as const;

const idString = z.union([z.string(), z.number()]).transform(String);
const optionalText = z.string().optional();

/** Notification target data (SPEC §3 'Notification' extras). Every field optional; unknown fields are dropped. */
export const NoticeExtrasSchema = z.object({
  url: optionalText,
  web_url: optionalText,
  notice_content: optionalText,
  startup_id: idString.optional(),
  market: optionalText,
  stream_id: idString.optional(),
  contract: optionalText,
  /** Settle currency of `contract`; the resolver defaults it to USDT. */
  settle_asset: optionalText,
});
export type NoticeExtras = z.infer<typeof NoticeExtrasSchema>;

/** One message (SPEC §3 'Message item' + 'Notification'). `send_timest` is unix seconds. */
export const NoticeItemSchema = z.object({
  msg_id: idString,
  title: z.string(),
  content: z.string().catch(''),
  send_timest: z.number().finite().nonnegative(),
  type: z.string(),
  template_id: idString.catch(''),
  extras: NoticeExtrasSchema.catch({}),
  template_args: z.record(z.string(), z.unknown()).catch({}),
});
export type NoticeItem = z.infer<typeof NoticeItemSchema>;

/** Answer of the notice call. `list` is validated item by item by the client (a bad item is dropped, not the list). */
export const NoticeRecordResponseSchema = z.object({
  code: z.literal(200),
  data: z.object({ list: z.array(z.unknown()) }),
});

/** An announcement (SPEC §3): `content` is limited inline HTML, `link` a path or an allow-listed https URL. */
export const AnnouncementSchema = z.object({
  content_id: idString,
  content: z.string().min(1),
  link: z.string().catch(''),
});
export type Announcement = z.infer<typeof AnnouncementSchema>;

/** Answer of the bulletin call; `announcement: null` when the page has none. */
export const BulletinResponseSchema = z.object({
  code: z.literal(200),
  data: z.object({ announcement: AnnouncementSchema.nullable() }),
});
