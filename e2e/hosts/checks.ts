/**
 * The checks every host page passes (docs/EMBED.md; e2e/embed-*.spec.ts): the header works as on masthead's own page
 * (spot rows from the market worker, search finds a pair, the language modal changes the element's language), it
 * renders like the demo site, the host's own headings and buttons keep the host's styles, and the header's styles
 * stay inside its shadow root. Playwright's CSS and test-id locators pierce open shadow roots.
 */
import type { Browser, Page } from '@playwright/test';
import { expect } from '../fixtures.ts';
import { CHUNK_WAIT_MS } from '../support/account.ts';
import { pixelDiff } from '../support/pixel-diff.ts';
import { seriousViolations } from '../support/axe.ts';

/** The header inside the element. */
export const embeddedHeader = (page: Page) => page.locator('masthead-header header.site-header');

/** The header inside the shadow host matching `hostSelector` (the React components' `[data-masthead="header"]`). */
export const embeddedHeaderIn = (page: Page, hostSelector: string) =>
  page.locator(`${hostSelector} header.site-header`);

/** Waits for the embedded header to be ready (site and session data in, handlers attached). */
export async function waitForEmbeddedHeader(page: Page): Promise<void> {
  await expect(embeddedHeader(page)).toHaveAttribute('data-ready', 'true', { timeout: 15_000 });
}

/** Opens Trade → Spot and waits for the market rows. */
export async function openSpotRows(page: Page): Promise<void> {
  await page.getByTestId('nav-trade').hover();
  await expect(page.getByTestId('menu-spot')).toBeVisible({ timeout: CHUNK_WAIT_MS });
  await page.getByTestId('menu-spot').hover();
  await expect(page.getByTestId('market-row').first()).toHaveAttribute('data-symbol', /_/, {
    timeout: CHUNK_WAIT_MS,
  });
}

/**
 * The open popovers and dialogs (Radix portals) are inside a shadow root, none in the host's light DOM: `hostSelector`
 * is the shadow host that must hold `testId`.
 */
export async function expectPortalInside(page: Page, hostSelector: string, testId: string): Promise<void> {
  await expect(page.locator(`${hostSelector} [data-testid="${testId}"]`).first()).toBeVisible();
  const inLightDom = await page.evaluate(
    () => document.querySelectorAll('[data-radix-popper-content-wrapper], [role="dialog"], .popover').length,
  );
  expect(inLightDom).toBe(0);
}

/** The search modal finds ETH pairs for "eth". */
export async function expectSearchFindsPair(page: Page): Promise<void> {
  await page.getByTestId('nav-search').click();
  await page.getByTestId('search-input').fill('eth');
  await expect(page.getByTestId('search-result').first()).toContainText('ETH', { timeout: CHUNK_WAIT_MS });
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('search-modal')).toHaveCount(0);
}

/**
 * SPEC §4 dropdowns inside a shadow root: a click on the trigger of a menu the pointer opened keeps it open, and a
 * press outside the element still closes it. (At the document, an event from inside the shadow root is retargeted to
 * the host element, so a check of the event's target alone cannot tell the trigger from the rest of the page.)
 */
export async function expectClickKeepsHoverMenuOpen(page: Page, testId = 'nav-language'): Promise<void> {
  const trigger = page.getByTestId(testId);
  await trigger.hover();
  await expect(trigger).toHaveAttribute('aria-expanded', 'true', { timeout: CHUNK_WAIT_MS });
  const content = page.locator(`[id="${await trigger.getAttribute('aria-controls')}"]`);
  await expect(content).toBeVisible({ timeout: CHUNK_WAIT_MS });
  // One task later: the open menu's listeners for presses outside it (added in a task queued at its mount) are on.
  await page.evaluate(() => new Promise((r) => setTimeout(r, 0)));
  await trigger.click();
  await expect(trigger).toHaveAttribute('aria-expanded', 'true');
  await expect(content).toBeVisible();
  await page.mouse.click(5, 700);
  await expect(trigger).toHaveAttribute('aria-expanded', 'false');
}

/** Choosing 日本語 in the language modal re-renders the element in Japanese in place: no page load. */
export async function expectLanguageModalChangesLanguage(page: Page): Promise<void> {
  const url = page.url();
  await page.evaluate(() => ((window as unknown as { __hostMark?: number }).__hostMark = 1));
  await page.getByTestId('nav-language').click();
  await page.getByRole('link', { name: '日本語' }).click();
  await expect(page.locator('masthead-header')).toHaveAttribute('lang', 'ja');
  await expect(page.getByTestId('nav-settings')).toHaveAttribute('aria-label', '表示設定');
  expect(page.url()).toBe(url);
  expect(await page.evaluate(() => (window as unknown as { __hostMark?: number }).__hostMark)).toBe(1);
  await page.keyboard.press('Escape');
}

/** The host's heading, text and button keep the host's own styles, and masthead added no stylesheet to the host. */
export async function expectHostStylesIntact(page: Page): Promise<void> {
  const host = await page.evaluate(() => {
    const s = (sel: string) => getComputedStyle(document.querySelector(sel)!);
    return {
      h1: [s('#host-title').fontFamily, s('#host-title').fontSize, s('#host-title').color],
      button: [
        s('#host-button').backgroundColor,
        s('#host-button').borderTopWidth,
        s('#host-button').fontWeight,
      ],
      text: [s('#host-text').fontStyle, s('#host-text').letterSpacing, s('#host-text').boxSizing],
      sheets: [...document.styleSheets].map((sheet) => sheet.href ?? 'inline'),
      rootAttrs: [...document.documentElement.attributes].map((a) => a.name),
    };
  });
  expect(host.h1).toEqual([expect.stringContaining('Georgia'), '40px', 'rgb(7, 54, 66)']);
  expect(host.button).toEqual(['rgb(255, 235, 59)', '3px', '900']);
  expect(host.text).toEqual(['italic', expect.stringMatching(/px$/), 'content-box']);
  // The host's stylesheet (and Radix's scroll-lock style while a modal is open) only.
  expect(host.sheets.filter((h) => h !== 'inline' && !h.endsWith('/host.css'))).toEqual([]);
  // Theme, rise colour and language live on the element's root box, not on the host's <html>.
  expect(host.rootAttrs.filter((n) => n.startsWith('data-'))).toEqual([]);
}

/** Computed styles (inherited ones included) of the header's parts, keyed by part. */
export async function headerStyles(
  page: Page,
  hostSelector = 'masthead-header',
): Promise<Record<string, Record<string, string>>> {
  return page.evaluate((hostSelector) => {
    const root =
      document.querySelector(hostSelector)?.shadowRoot ?? (document as Document | ShadowRoot | undefined);
    const parts: Record<string, string> = {
      header: 'header.site-header',
      brand: 'a.brand',
      brandWord: '.brand-word',
      trade: '[data-testid="nav-trade"]',
      search: '[data-testid="nav-search"]',
      login: '.header-actions a[href$="/login"]',
      language: '[data-testid="nav-language"]',
    };
    const props = [
      'font-family',
      'font-size',
      'font-weight',
      'font-style',
      'line-height',
      'letter-spacing',
      'word-spacing',
      'color',
      'background-color',
      'box-sizing',
      'padding-top',
      'padding-left',
      'margin-top',
      'border-top-width',
      'text-decoration-line',
      'height',
      'width',
    ];
    const out: Record<string, Record<string, string>> = {};
    for (const [name, sel] of Object.entries(parts)) {
      const el = root?.querySelector(sel);
      if (!el) continue;
      const cs = getComputedStyle(el);
      out[name] = Object.fromEntries(props.map((p) => [p, cs.getPropertyValue(p)]));
    }
    return out;
  }, hostSelector);
}

/**
 * The header on `page` renders as on masthead's own page (`demoUrl`) at the page's viewport width: equal computed
 * styles of its parts and a screenshot within `maxRatio` of differing pixels.
 */
export async function expectRendersLikeDemo(
  page: Page,
  browser: Browser,
  demoUrl: string,
  maxRatio = 0.01,
  hostSelector = 'masthead-header',
): Promise<void> {
  const viewport = page.viewportSize()!;
  const demo = await browser.newPage({ viewport });
  try {
    await demo.goto(demoUrl);
    await expect(demo.locator('header.site-header')).toHaveAttribute('data-ready', 'true', {
      timeout: 15_000,
    });
    await demo.evaluate(() => document.fonts.ready);
    await page.evaluate(() => document.fonts.ready);
    const [mine, theirs] = [await headerStyles(page, hostSelector), await headerStyles(demo)];
    expect(Object.keys(mine).length).toBeGreaterThanOrEqual(4);
    expect(mine).toEqual(theirs);
    const shot = { animations: 'disabled', caret: 'hide' } as const;
    const a = await embeddedHeaderIn(page, hostSelector).screenshot(shot);
    const b = await demo.locator('header.site-header').screenshot(shot);
    const diff = await pixelDiff(browser, a, b);
    expect(diff.sameSize, JSON.stringify(diff)).toBe(true);
    expect(diff.ratio, JSON.stringify(diff)).toBeLessThanOrEqual(maxRatio);
  } finally {
    await demo.close();
  }
}

/** The shadow hosts of a host page's header and footer (the elements', or the React components' boxes). */
export interface PartHosts {
  header: string;
  footer: string;
}

/** The custom elements (the plain and the fragment hosts). */
export const ELEMENT_HOSTS: PartHosts = { header: 'masthead-header', footer: 'masthead-footer' };

/**
 * Opens `hostUrl` at `width` px and checks it against masthead's own page (`demoUrl`): the header renders like the
 * demo (computed styles and screenshot), the host keeps its styles, and axe finds nothing serious in either part.
 */
export async function expectHostLikeDemo(
  page: Page,
  browser: Browser,
  urls: { host: string; demo: string },
  width: number,
  hosts: PartHosts = ELEMENT_HOSTS,
): Promise<void> {
  await page.setViewportSize({ width, height: 900 });
  await page.goto(urls.host);
  await expect(embeddedHeaderIn(page, hosts.header)).toHaveAttribute('data-ready', 'true', {
    timeout: 15_000,
  });
  await expectRendersLikeDemo(page, browser, urls.demo, 0.01, hosts.header);
  await expectHostStylesIntact(page);
  expect(await seriousViolations(page, [hosts.header, hosts.footer])).toEqual([]);
}
