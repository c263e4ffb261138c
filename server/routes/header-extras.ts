/**
 * Header-extra routes (docs/API.md; SPEC §1 'Switch Account', §7 CDN check). app.ts applies the CSRF check (every
 * `/api*` call, POST included) and fault injection first.
 *
 * - GET /api/web/v1/usercenter/switch_accounts → {code: 200, data: {list: SwitchAccount[]}}: the signed-in user's
 *   main account and sub-accounts (server/switch-accounts.ts); anonymous → 401 {code: 401}.
 * - POST /api/web/v1/site/error_report, JSON ErrorReport → {code: 200, data: {received: true}}; a body that is not
 *   JSON or not an ErrorReport → 400. Reports are kept in a bounded in-memory ring (the demo's error service) and
 *   logged one line each.
 * - GET /cdn/ui-lib/v1/ui-lib.js → the small UI-library file the CDN check fetches (JavaScript, cached a year).
 */
import { Hono } from 'hono';
import { HEADER_API } from '../../common/wire/endpoints.ts';
import { ErrorReport } from '../../common/wire/header.ts';
import { requestSession } from '../request-context.ts';
import { SESSIONS, type SessionBackend } from '../sessions.ts';
import { switchAccountsFor } from '../switch-accounts.ts';
import { ok } from './site.ts';

/** Reports kept in memory (oldest dropped first). */
export const ERROR_REPORTS_KEPT = 200;
/** Largest error-report body read, bytes. */
export const ERROR_REPORT_MAX_BYTES = 4096;

/** The demo UI-library file: a tiny ES module (the check only needs it to load). */
export const UI_LIB_SOURCE = 'export const UI_LIB_VERSION = "1.0.0";\n';

/** Returns the sub-app and its report ring (tests read it). */
export function headerExtrasRoutes(store: SessionBackend = SESSIONS): Hono & { reports: ErrorReport[] } {
  const app = new Hono() as Hono & { reports: ErrorReport[] };
  const reports: ErrorReport[] = [];
  app.reports = reports;

  app.get(HEADER_API.switchAccounts, async (c) => {
    const found = await requestSession(c, store);
    if (!found) return c.json({ code: 401, message: 'login required' }, 401);
    return ok(c, { list: switchAccountsFor(found.persona) });
  });

  app.post(HEADER_API.errorReport, async (c) => {
    const text = await c.req.text();
    if (text.length > ERROR_REPORT_MAX_BYTES) return c.json({ code: 400, message: 'report too large' }, 400);
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return c.json({ code: 400, message: 'body must be JSON' }, 400);
    }
    const report = ErrorReport.safeParse(body);
    if (!report.success) return c.json({ code: 400, message: 'not an error report' }, 400);
    reports.push(report.data);
    if (reports.length > ERROR_REPORTS_KEPT) reports.splice(0, reports.length - ERROR_REPORTS_KEPT);
    console.warn('[error-report]', report.data.source, report.data.message, report.data.detail ?? '');
    return ok(c, { received: true });
  });

  app.get(HEADER_API.cdnUiLib, (c) =>
    c.body(UI_LIB_SOURCE, 200, {
      'content-type': 'text/javascript; charset=utf-8',
      'cache-control': 'public, max-age=31536000, immutable',
      'access-control-allow-origin': '*',
    }),
  );
  return app;
}
