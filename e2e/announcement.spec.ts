// The announcement bar (SPEC §2 'Announcement banner on page /', §3, §4 dismissed list, §8, §9 marquee): shown above
// the header on '/', sanitised, dismissed for good, absent elsewhere; faults leave no bar and a working header.
import type { Page, Request } from '@playwright/test';
import { MESSAGES_API } from '../common/wire/endpoints.ts';
import { BOOT_DATA_ID } from '../common/wire/page.ts';
import { expect, injectFaults, test } from './fixtures.ts';
import { openSite, SITES } from './support/account.ts';
import { seriousViolations } from './support/axe.ts';
import { displayStates } from './support/display-states.ts';
import { afterFrames } from './support/frames.ts';
import { waitForAnnouncementSettled } from './support/settle.ts';

const DISMISSED_KEY = 'announcement_dismissed';

function bulletinCalls(page: Page): Request[] {
  const calls: Request[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === MESSAGES_API.fullsiteBulletin) calls.push(r);
  });
  return calls;
}

/** No script, no frame, no image, no inline handler, no javascript: link inside the bar. */
async function expectInert(page: Page): Promise<void> {
  const unsafe = await page.getByTestId('announcement-bar').evaluate((bar) => {
    const found: string[] = [];
    for (const el of bar.querySelectorAll('*')) {
      if (/^(SCRIPT|IFRAME|IMG|OBJECT|EMBED|FORM|STYLE)$/.test(el.tagName)) found.push(el.tagName);
      for (const attr of el.attributes) {
        // The marquee's own duration is the only inline style the bar sets itself.
        const ownStyle = attr.name === 'style' && el.classList.contains('announcement-text');
        if (/^on/i.test(attr.name) || (attr.name === 'style' && !ownStyle))
          found.push(`${el.tagName}@${attr.name}`);
        if (attr.name === 'href' && !/^(\/(?!\/)|https:\/\/)/.test(attr.value))
          found.push(`href=${attr.value}`);
      }
    }
    return found;
  });
  expect(unsafe).toEqual([]);
}

test('shown above the header on / in each display state (width, theme, en and ar); links under the prefix', async ({
  page,
}) => {
  for (const prefix of ['', '/ar'] as const) {
    await openSite(page, SITES.GLOBAL, `${prefix}/`);
    for (const { width, theme } of displayStates().filter((s) => s.prefix === prefix)) {
      await page.setViewportSize({ width, height: 800 });
      await page.evaluate((t) => (document.documentElement.dataset.theme = t), theme);
      const bar = page.getByTestId('announcement-bar');
      await expect(bar).toBeVisible();
      const barBox = (await bar.boundingBox())!;
      const headerBox = (await page.locator('header.site-header').boundingBox())!;
      expect(barBox.y + barBox.height).toBeLessThanOrEqual(headerBox.y + 1);
      await expect(bar.locator('b').first()).toBeVisible();
      await expect(bar.locator('.announcement-text a').first()).toHaveAttribute(
        'href',
        new RegExp(`^${prefix}/trade/[A-Z0-9]+_USDT$`),
      );
      await expect(page.getByTestId('announcement-link')).toHaveAttribute('href', `${prefix}/announcements`);
      await expectInert(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    }
  }
});

/**
 * Serves `content` as the home page's announcement: in the boot data of every server-rendered page (where the app
 * takes it from) and from the bulletin call (a client-rendered page).
 */
async function serveAnnouncement(page: Page, content: string, id = 'hostile-1'): Promise<void> {
  const announcement = { content_id: id, content, link: 'javascript:alert(1)' };
  await page.route(`**${MESSAGES_API.fullsiteBulletin}*`, (route) =>
    route.fulfill({
      contentType: 'application/json',
      body: JSON.stringify({ code: 200, data: { announcement } }),
    }),
  );
  await page.route(
    (url) => !url.pathname.startsWith('/api') && !url.pathname.startsWith('/assets/'),
    async (route) => {
      if (route.request().resourceType() !== 'document') return route.fallback();
      const res = await route.fetch();
      const html = (await res.text()).replace(
        new RegExp(`(<script type="application/json" id="${BOOT_DATA_ID}">)([\\s\\S]*?)(</script>)`),
        (_, open: string, json: string, close: string) => {
          const boot = JSON.parse(json) as Record<string, unknown>;
          if ('announcement' in boot) boot.announcement = announcement;
          return open + JSON.stringify(boot).replace(/</g, '\\u003c') + close;
        },
      );
      await route.fulfill({ response: res, body: html });
    },
  );
}

/** Without the browser's HTML Sanitizer (as in a browser that lacks it): the DOMPurify fallback runs. */
async function withoutPlatformSanitizer(page: Page): Promise<void> {
  await page.addInitScript(() => {
    delete (Element.prototype as { setHTML?: unknown }).setHTML;
  });
}

/** A browser whose setHTML ignores the configuration (a non-standard build): the result check must catch it. */
async function withNonConformingSanitizer(page: Page): Promise<void> {
  await page.addInitScript(() => {
    (Element.prototype as unknown as { setHTML: (html: string) => void }).setHTML = function (
      this: Element,
      html: string,
    ) {
      this.innerHTML = html;
    };
  });
}

const ENGINES = ['browser sanitiser', 'DOMPurify fallback'] as const;
const HOSTILE_CASES = [...ENGINES, 'non-conforming browser sanitiser'] as const;

for (const engine of HOSTILE_CASES) {
  test(`hostile HTML from the server is sanitised (${engine}): no script, handler, image or unsafe link survives`, async ({
    page,
  }) => {
    if (engine === 'DOMPurify fallback') await withoutPlatformSanitizer(page);
    if (engine === 'non-conforming browser sanitiser') await withNonConformingSanitizer(page);
    const purifyChunk: string[] = [];
    page.on(
      'request',
      (r) => /\/assets\/sanitize-purify-[\w-]+\.js$/.test(r.url()) && purifyChunk.push(r.url()),
    );
    await serveAnnouncement(
      page,
      '<b onclick="window.__pwned=1">Bold</b> <img src=x onerror="window.__pwned=2"><script>window.__pwned=3</script>' +
        '<a href="javascript:window.__pwned=4">js</a> <a href="//evil.example/x">proto</a> ' +
        '<a href="/fee" style="color:red">fee</a> <iframe src="https://evil.example"></iframe><svg onload="window.__pwned=5"></svg>',
    );
    await openSite(page, SITES.GLOBAL);
    const bar = page.getByTestId('announcement-bar');
    await expect(bar).toBeVisible();
    await expectInert(page);
    await expect(bar.locator('b')).toHaveText('Bold');
    await expect(bar.getByText('fee')).toHaveAttribute('href', '/fee');
    await expect(bar.getByText('js')).not.toHaveAttribute('href', /./);
    await expect(bar.getByText('proto')).not.toHaveAttribute('href', /./);
    await expect(page.getByTestId('announcement-link')).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    // DOMPurify's code is fetched only where the browser has no standard sanitiser of its own.
    expect(purifyChunk).toHaveLength(engine === 'browser sanitiser' ? 0 : 1);
  });
}

test("the browser's sanitiser and the DOMPurify fallback give the same HTML for the same hostile input", async ({
  browser,
}) => {
  const corpus =
    '<p>Para <b>bold</b> <strong>strong</strong> <i>i</i> <em>em</em> <u>u</u> <span style="color:red" data-x="1" class="c" id="i">span</span><br></p>' +
    '<div onclick="x()">div <font color="red">font</font> <center>center</center> <marquee>mq</marquee></div>' +
    '<h1>H1</h1><ul><li>li</li></ul><table><tr><td>cell</td></tr></table>' +
    '<script>window.__pwned=1</script><style>*{color:red}</style><template><b>tpl</b></template>' +
    '<iframe src="https://evil.example">frame</iframe><svg><a href="/x">svg</a></svg><math><mi>m</mi></math>' +
    '<img src=x onerror="window.__pwned=2"><form action="/x"><input value="v"><button>btn</button></form>' +
    '<!-- comment --><a href="/fee" target="_self" title="t">fee</a> <a href="https://www.gate.com/x">ext</a> ' +
    '<a href="javascript:alert(1)">js</a> <a href="//evil.example/x">proto</a> <a href="data:text/html,x">data</a> ' +
    '<a href="/ok"><b>nested <i>deep</i></b></a> text &amp; &lt;escaped&gt; "quotes"';
  const htmlOf = async (engine: (typeof ENGINES)[number]) => {
    const page = await browser.newPage();
    if (engine === 'DOMPurify fallback') await withoutPlatformSanitizer(page);
    await serveAnnouncement(page, corpus, `corpus-${engine}`);
    await openSite(page, SITES.GLOBAL);
    const html = await page.getByTestId('announcement-text').innerHTML();
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    await page.close();
    return html;
  };
  const platform = await htmlOf('browser sanitiser');
  const purify = await htmlOf('DOMPurify fallback');
  expect(platform).toContain('<b>bold</b>');
  expect(platform).toContain('href="/fee"');
  expect(platform).not.toMatch(
    /<(script|style|iframe|svg|math|img|form|input|template)\b|on\w+=|javascript:|<!--/,
  );
  expect(platform).toBe(purify);
});

test('close appends the content_id to the stored list; the notice stays gone after a reload (SPEC §4)', async ({
  page,
}) => {
  await openSite(page, SITES.GLOBAL);
  const bar = page.getByTestId('announcement-bar');
  await expect(bar).toBeVisible();
  const id = await bar.getAttribute('data-content-id');
  await page.getByTestId('announcement-close').click();
  await expect(bar).toHaveCount(0);
  expect(await page.evaluate((k) => localStorage.getItem(k), DISMISSED_KEY)).toBe(JSON.stringify([id]));
  await page.reload();
  await expect(page.locator('header.site-header')).toHaveAttribute('data-ready', 'true');
  // The same announcement is still due (embedded in the page): only the stored list keeps it away.
  // Settled: the bar's outcome is decided at hydration from the embedded announcement and the stored list.
  await waitForAnnouncementSettled(page);
  await expect(bar).toHaveCount(0);
});

test('absent off the home page: no bar and no bulletin call', async ({ page }) => {
  const calls = bulletinCalls(page);
  for (const path of ['/trade/BTC_USDT', '/ar/futures/USDT/BTC_USDT']) {
    await openSite(page, SITES.GLOBAL, path);
    // Every call the page makes after hydration has been made.
    await page.waitForLoadState('networkidle');
    await expect(page.getByTestId('announcement-bar')).toHaveCount(0);
  }
  expect(calls).toHaveLength(0);
});

test('mobile marquee runs ceil(width / 200 × 3) s, none at 1440 px or under reduced motion (SPEC §9)', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await openSite(page, SITES.GLOBAL);
  const text = page.getByTestId('announcement-text');
  await expect(text).toHaveClass(/is-marquee/);
  // Content width = the running text's scroll width less its lead-in padding (one box width).
  const { seconds, width } = await text.evaluate((el) => ({
    seconds: Number(el.dataset.marqueeS),
    width: el.scrollWidth - parseFloat(getComputedStyle(el).paddingInlineStart),
  }));
  expect(width).toBeGreaterThan(300);
  expect(seconds).toBe(Math.ceil((width / 200) * 3));
  expect(await text.evaluate((el) => getComputedStyle(el).animationDuration)).toBe(`${seconds}s`);
  // The box narrows while the text runs (rotation, a scrollbar): measured again, the lead-in padding is not content.
  const box = page.locator('.announcement-box');
  const boxBefore = await box.evaluate((el) => el.clientWidth);
  await page.setViewportSize({ width: 340, height: 800 });
  await expect.poll(() => box.evaluate((el) => el.clientWidth)).toBeLessThan(boxBefore);
  // The observer runs in the frame of that layout; its re-render lands in the frames after it.
  await afterFrames(page, 3);
  await expect(text).toHaveAttribute('data-marquee-s', String(seconds));

  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.reload();
  await expect(page.getByTestId('announcement-bar')).toBeVisible();
  await expect(text).not.toHaveClass(/is-marquee/);
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  await page.setViewportSize({ width: 1440, height: 800 });
  await page.reload();
  await expect(page.getByTestId('announcement-bar')).toBeVisible();
  await expect(text).not.toHaveClass(/is-marquee/);
});

for (const kind of ['500', 'malformed', 'slow:5000']) {
  test(`fault ${kind}: no bar, and the header keeps working (SPEC §8)`, async ({
    page,
    context,
    baseURL,
  }) => {
    await injectFaults(context, baseURL!, { [MESSAGES_API.fullsiteBulletin]: kind });
    const calls = bulletinCalls(page);
    await openSite(page, SITES.GLOBAL);
    await expect.poll(() => calls.length).toBe(1);
    // openSite waited for the call's outcome (support/settle.ts: answered, or given up after the app's time-out).
    await expect(page.getByTestId('announcement-bar')).toHaveCount(0);
    await page.getByTestId('nav-trade').hover();
    await expect(page.getByTestId('nav-trade')).toHaveAttribute('data-state', 'open');
  });
}

test('axe: no serious or critical violations with the bar shown, light in English and dark in Arabic', async ({
  page,
}) => {
  for (const [path, theme] of [
    ['/', 'light'],
    ['/ar/', 'dark'],
  ] as const) {
    await openSite(page, SITES.GLOBAL, path);
    await page.evaluate((t) => (document.documentElement.dataset.theme = t), theme);
    await expect(page.getByTestId('announcement-bar')).toBeVisible();
    expect(await seriousViolations(page, ['[data-testid="announcement-bar"]']), `${path} ${theme}`).toEqual(
      [],
    );
  }
});

test('the header keeps its place when the bar arrives: its space is kept while the bulletin loads (CLS)', async ({
  page,
}) => {
  for (const width of [1440, 375]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto(`/?sub_website_id=${SITES.GLOBAL}`);
    const header = page.locator('header.site-header');
    const before = (await header.boundingBox())!;
    await expect(page.getByTestId('announcement-bar')).toBeVisible();
    await expect(page.getByTestId('announcement-slot')).toHaveCount(0);
    const after = (await header.boundingBox())!;
    expect(Math.abs(after.y - before.y)).toBeLessThanOrEqual(1);
  }
});

test('the bar paints with its words, never their keys, even when its strings arrive after its code', async ({
  page,
}) => {
  // The `messages` catalogue chunks (one per locale) held back 1.5 s: the bar's code arrives first.
  await page.route(/\/assets\/messages-[\w-]+\.js$/, async (route) => {
    await new Promise((r) => setTimeout(r, 1500));
    await route.continue();
  });
  // Every text and label the bar ever shows, from its first frame.
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { barTexts: string[] }).barTexts = seen;
    new MutationObserver(() => {
      const link = document.querySelector('[data-testid="announcement-link"]');
      const close = document.querySelector('[data-testid="announcement-close"]');
      if (link) seen.push(link.textContent ?? '');
      if (close) seen.push(close.getAttribute('aria-label') ?? '');
    }).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
  });
  await page.setViewportSize({ width: 375, height: 800 });
  for (const [path, details, close] of [
    ['/', 'Details', 'Close announcement'],
    ['/ar/', 'التفاصيل', 'إغلاق الإعلان'],
  ] as const) {
    await page.goto(`${path}?sub_website_id=${SITES.GLOBAL}`);
    await expect(page.getByTestId('announcement-link')).toHaveText(details);
    const texts = await page.evaluate(() => (window as unknown as { barTexts: string[] }).barTexts);
    expect(new Set(texts)).toEqual(new Set([details, close]));
  }
});
