/**
 * Waits until the header stops moving after a page load (SPEC §2 'Announcement banner on page /').
 *
 * On the home page the announcement bar is shown after hydration (embedded by the server, or fetched on a
 * client-rendered page) and inserted above the header, pushing the header down by the bar's height after the header
 * already says `data-ready`. A pointer resting on a menu trigger is then
 * no longer over it, the browser sends pointerleave and the menu closes (SPEC §4 'close on leave'): a test that
 * hovers in that window loses its menu. Tests of menus and panels therefore wait for the bar's outcome first. (When
 * the app keeps the bar's space while the call is on its way, `announcement-slot`, the slot collapsing after an
 * empty answer moves the header too: that is waited for as well.)
 *
 * The outcome is decided the way the app decides it (src/announcement/use-announcement.ts): from the announcement
 * the server embedded in the page's boot data when it did; else the bulletin call has
 * answered (a resource-timing entry in the page; none within the app's time-out means none will show); the same
 * call, repeated from the test with the page's cookies (so with the same injected faults), says whether there is a
 * valid announcement; an answer slower than the app's 4000 ms time-out, or a dismissed content_id, shows none.
 * When a bar is due, this resolves once it is visible.
 * The repeated call goes to the server, not through `page.route` handlers: a test that routes the bulletin to an
 * answer without an announcement, while the server has one, must not use the openers that wait here.
 */
import { expect, type Page } from '@playwright/test';
import { announcementPageKey } from '../../common/domain/announcement.ts';
import { parseRoute } from '../../common/domain/route.ts';
import { REQUEST_TIMEOUT_MS } from '../../common/http.ts';
import { MESSAGES_API } from '../../common/wire/endpoints.ts';
import { BOOT_DATA_ID } from '../../common/wire/page.ts';
import { parseEnvelope } from '../../common/wire/envelope.ts';
import { Bulletin } from '../../common/wire/messages.ts';
import { DISMISSED_KEY, isDismissed, parseDismissed } from '../../src/announcement/dismissed.ts';

/**
 * How long after `data-ready` the bulletin call can still be running: the app starts it in the same commit that
 * sets `data-ready` and gives up after REQUEST_TIMEOUT_MS; the rest is slack for a loaded CI machine, ms.
 */
const BULLETIN_WAIT_MS = REQUEST_TIMEOUT_MS + 3_000;
/** How far under REQUEST_TIMEOUT_MS a resource entry of a timed-out call may read, ms. */
const TIMEOUT_SLACK_MS = 100;
const POLL_MS = 100;

/** The document (its `performance.timeOrigin`) each page was last found settled in: later checks are free. */
const settled = new WeakMap<Page, number>();

interface BulletinCall {
  url: string;
  /** Request start to response end, ms. */
  durationMs: number;
  /** Identifies the document (a reload starts a new one). */
  timeOrigin: number;
}

function bulletinCall(path: string): BulletinCall | null {
  const entry = performance
    .getEntriesByType('resource')
    .find((e) => new URL(e.name).pathname === path && (e as PerformanceResourceTiming).responseEnd > 0);
  return entry ? { url: entry.name, durationMs: entry.duration, timeOrigin: performance.timeOrigin } : null;
}

/**
 * Resolves once the page's announcement bar is settled: shown if one is due, or known to stay away. Call it after
 * the header's `data-ready`. Pages without an announcement page key return at once. Throws (an assertion) when a
 * due bar does not show.
 */
export async function waitForAnnouncementSettled(page: Page): Promise<void> {
  const { path } = parseRoute(new URL(page.url()).pathname);
  if (!announcementPageKey(path)) return;
  const embedded = await page.evaluate(embeddedAnnouncement, BOOT_DATA_ID);
  if (embedded) {
    if (settled.get(page) === embedded.timeOrigin) return;
    await expectShownUnlessDismissed(page, embedded.announcement);
    await expectNoSlot(page);
    settled.set(page, embedded.timeOrigin);
    return;
  }
  // The page's resource-timing entry of the call, as soon as the call has answered (polled in the page).
  const call = await page
    .waitForFunction(bulletinCall, MESSAGES_API.fullsiteBulletin, {
      timeout: BULLETIN_WAIT_MS,
      polling: POLL_MS,
    })
    .then((handle) => handle.jsonValue())
    .catch(() => null);
  // No entry in time: the call failed or the app gave up on it, and it shows no bar (SPEC §8).
  if (!call) return expectNoSlot(page);
  const { url, durationMs, timeOrigin } = call;
  if (settled.get(page) === timeOrigin) return;
  await expectBarOutcome(page, url, durationMs);
  await expectNoSlot(page);
  settled.set(page, timeOrigin);
}

/** The space the app keeps for the bar while the call is on its way is gone (filled by the bar, or collapsed). */
async function expectNoSlot(page: Page): Promise<void> {
  await expect(page.getByTestId('announcement-slot'), 'the announcement slot resolved').toHaveCount(0, {
    timeout: BULLETIN_WAIT_MS,
  });
}

async function expectBarOutcome(page: Page, url: string, durationMs: number): Promise<void> {
  // The app's time-out fires REQUEST_TIMEOUT_MS after it called fetch; the resource entry starts a little later, so
  // a call cut by the time-out can read a few ms under it.
  if (durationMs >= REQUEST_TIMEOUT_MS - TIMEOUT_SLACK_MS) return;
  const csrf = (await page.context().cookies()).find((c) => c.name === 'csrf_token')?.value ?? '';
  const res = await page.request.get(url, { headers: { 'X-CSRF-Token': csrf }, failOnStatusCode: false });
  const body: unknown = res.ok() ? await res.json().catch(() => null) : null;
  await expectShownUnlessDismissed(page, parseEnvelope(body, Bulletin)?.announcement ?? null);
}

/** A due announcement (not null, not dismissed in this page's storage) is visible; resolves at once otherwise. */
async function expectShownUnlessDismissed(
  page: Page,
  announcement: { content_id: string } | null,
): Promise<void> {
  if (!announcement) return;
  const dismissed = parseDismissed(await page.evaluate((k) => localStorage.getItem(k), DISMISSED_KEY));
  if (isDismissed(dismissed, announcement.content_id)) return;
  await expect(page.getByTestId('announcement-bar'), 'the announcement bar').toBeVisible({
    timeout: BULLETIN_WAIT_MS,
  });
}

/**
 * The announcement the server embedded in the page's boot data (src/state/announcement-seed.ts), with the document's
 * time origin; null when the page has no boot data or the server embedded none (the app then calls the API).
 */
function embeddedAnnouncement(
  bootId: string,
): { announcement: { content_id: string } | null; timeOrigin: number } | null {
  const text = document.getElementById(bootId)?.textContent;
  if (!text) return null;
  const boot = JSON.parse(text) as { announcement?: { content_id: string } | null };
  return 'announcement' in boot
    ? { announcement: boot.announcement ?? null, timeOrigin: performance.timeOrigin }
    : null;
}
