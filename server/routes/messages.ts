/**
 * Message-centre and announcement routes (docs/API.md; SPEC §7). app.ts applies fault injection and the CSRF check
 * first.
 *
 * - GET /apiw/v2/herald/get_notice_record?type=T1,T2&page=1&size=10 → {code: 200, data: {list: NoticeItem[]}}
 *   for the signed-in persona (server/messages-data.ts); anonymous → 401 {code: 401, message}. `type` empty or absent
 *   = every type; `page` ≥ 1 (default 1); `size` 1…50 (default 10). A non-numeric page or size is a 400.
 * - GET /api/web/v1/site/fullsiteBulletin?page=KEY[&lang=xx] → {code: 200, data: {announcement | null}}: the home
 *   page key has a notice in the request's locale (server/request-lang.ts); other keys null. Unknown lang → 400.
 */
import { Hono, type Context } from 'hono';
import { NOTICE_PAGE_SIZE } from '../../common/domain/notice-types.ts';
import { MESSAGES_API } from '../../common/wire/endpoints.ts';
import type { NoticeItem } from '../../common/wire/messages.ts';
import { announcementFor } from '../bulletin-data.ts';
import type { MarketData } from '../market-data.ts';
import { MAX_NOTICE_PAGE_SIZE, noticePage, noticesFor, type NoticeQuery } from '../messages-data.ts';
import type { PersonaName } from '../personas.ts';
import { requestSession } from '../request-context.ts';
import { requestLocale } from '../request-lang.ts';
import { SESSIONS, type SessionBackend } from '../sessions.ts';
import { ok } from './site.ts';

/** A positive integer query value within `max`, its default when absent, or null when invalid. */
function intParam(value: string | undefined, fallback: number, max: number): number | null {
  if (value === undefined || value === '') return fallback;
  if (!/^\d{1,6}$/.test(value)) return null;
  const n = Number(value);
  return n >= 1 && n <= max ? n : null;
}

/** Parses the notice query, or returns the reason for a 400. */
export function parseNoticeQuery(c: Context): NoticeQuery | { error: string } {
  const page = intParam(c.req.query('page'), 1, 100_000);
  const size = intParam(c.req.query('size'), NOTICE_PAGE_SIZE, MAX_NOTICE_PAGE_SIZE);
  if (page === null) return { error: 'page must be a positive integer' };
  if (size === null) return { error: `size must be 1 to ${MAX_NOTICE_PAGE_SIZE}` };
  const types = (c.req.query('type') ?? '')
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
  return { types, page, size };
}

/** Returns the messages sub-app. `store` defaults to the process's session store. */
export function messagesRoutes(data: MarketData, store: SessionBackend = SESSIONS): Hono {
  const app = new Hono();
  // Each persona's set is fixed for the life of the data: build it once.
  const notices = new Map<PersonaName, NoticeItem[]>();
  const noticesOf = (persona: PersonaName) => {
    let list = notices.get(persona);
    if (!list) notices.set(persona, (list = noticesFor(data, persona)));
    return list;
  };

  app.get(MESSAGES_API.noticeRecord, async (c) => {
    const session = await requestSession(c, store);
    if (!session) return c.json({ code: 401, message: 'login required' }, 401);
    const query = parseNoticeQuery(c);
    if ('error' in query) return c.json({ code: 400, message: query.error }, 400);
    return ok(c, { list: noticePage(noticesOf(session.persona.name), query) });
  });

  app.get(MESSAGES_API.fullsiteBulletin, (c) => {
    const lang = requestLocale(c);
    if ('error' in lang) return c.json({ code: 400, message: lang.error }, 400);
    const page = c.req.query('page') ?? '';
    return ok(c, { announcement: announcementFor(data, page, lang.locale) });
  });
  return app;
}
