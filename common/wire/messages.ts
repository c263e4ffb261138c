/**
 * Wire shapes and paths of the message centre and the announcement bar (SPEC §3 'Message item', 'Notification',
 * 'Announcement'; §7 calls), declared once as zod schemas with their inferred types. The reference server builds
 * values of these types; the main thread validates the `data` of each answer with them (common/wire/envelope.ts),
 * and an invalid answer falls back (SPEC §8). Realm-neutral.
 */
import '../zod-csp.ts'; // first: no eval under the CSP (before any schema is built)
import { z } from 'zod/mini';

const idText = z.pipe(
  z.union([z.string(), z.number()]),
  z.transform((v) => String(v)),
);

/** Notification target data (SPEC §3 'Notification' extras). Every field optional; unknown fields are dropped. */
export const NoticeExtras = z.object({
  url: z.optional(z.string()),
  web_url: z.optional(z.string()),
  notice_content: z.optional(z.string()),
  startup_id: z.optional(idText),
  market: z.optional(z.string()),
  stream_id: z.optional(idText),
  contract: z.optional(z.string()),
  /** Settle currency of `contract`; the link resolver defaults it to USDT. */
  settle_asset: z.optional(z.string()),
});
export type NoticeExtras = z.infer<typeof NoticeExtras>;

/** One message (SPEC §3 'Message item' + 'Notification'). `send_timest` is unix seconds. */
export const NoticeItem = z.object({
  msg_id: idText,
  title: z.string(),
  content: z.catch(z.string(), ''),
  send_timest: z.number().check(z.nonnegative()),
  type: z.string(),
  template_id: z.catch(idText, ''),
  extras: z.catch(NoticeExtras, {}),
  template_args: z.catch(z.record(z.string(), z.unknown()), {}),
});
export type NoticeItem = z.infer<typeof NoticeItem>;

/** `data` of the notice call. Items are validated one by one (parseNoticeList): a bad item is dropped, not the list. */
export const NoticeRecord = z.object({ list: z.array(z.unknown()) });
export type NoticeRecord = { list: NoticeItem[] };

/** The valid items of a notice list, in order. Pure, never throws. */
export function parseNoticeList(list: readonly unknown[]): NoticeItem[] {
  const out: NoticeItem[] = [];
  for (const raw of list) {
    const item = NoticeItem.safeParse(raw);
    if (item.success) out.push(item.data);
  }
  return out;
}

/** An announcement (SPEC §3): `content` is limited inline HTML, `link` a path or an allow-listed https URL. */
export const Announcement = z.object({
  content_id: idText,
  content: z.string().check(z.minLength(1)),
  link: z.catch(z.string(), ''),
});
export type Announcement = z.infer<typeof Announcement>;

/** `data` of the bulletin call; `announcement: null` when the page has none. */
export const Bulletin = z.object({ announcement: z.nullable(Announcement) });
export type Bulletin = z.infer<typeof Bulletin>;
