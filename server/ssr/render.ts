/**
 * The page answer of the site server (ARCHITECTURE.md 'The reference server'; SPEC §8): the server-rendered app for the
 * request (src/entry-server.tsx through the SSR bundle that `vite build` writes next to the client build), or — when
 * there is no bundle, a data source fails, test faults name one of its sources, or the render throws or times out —
 * the client-rendered shell: the same index.html with `lang`/`dir` and the meta description set, which the client
 * fills as before. Never a 500 page, never a blank header.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Context } from 'hono';
import { parseRoute } from '../../common/domain/route.ts';
import type { Locale } from '../../common/domain/locales.ts';
import { BOOT_DATA_ID, type RenderedPage, type ServerPageData } from '../../common/wire/page.ts';
import { pageHtml } from './html.ts';
import { SSR_ENTRY } from './paths.ts';
import { pageData, renderSourceFaulted, type PageDataOptions } from './page-data.ts';

/** What the SSR bundle exports (src/entry-server.tsx). */
export interface SsrModule {
  renderPage(page: ServerPageData, timeoutMs?: number): Promise<RenderedPage>;
  metaDescription(locale: Locale): string;
}

/**
 * Imports the SSR bundle from `dir`. Resolves null (and logs why) when it is missing or fails to load: the server
 * then serves the client-rendered shell.
 */
export async function loadSsrModule(dir: string): Promise<SsrModule | null> {
  const entry = resolve(dir, SSR_ENTRY);
  if (!existsSync(entry)) {
    console.warn(`masthead server: no server render (${entry} missing); serving the client-rendered page`);
    return null;
  }
  try {
    return (await import(pathToFileURL(entry).href)) as SsrModule;
  } catch (err) {
    console.error('masthead server: cannot load the server render; serving the client-rendered page', err);
    return null;
  }
}

/** At most `limit` calls of `run` in flight; the rest wait in arrival order. */
function renderSlots(limit: number): { run<T>(task: () => Promise<T>): Promise<T> } {
  let busy = 0;
  const waiting: (() => void)[] = [];
  return {
    async run(task) {
      // A finished task hands its slot straight to the next waiter, so no newcomer can slip in between.
      if (busy >= limit) await new Promise<void>((r) => waiting.push(r));
      else busy++;
      try {
        return await task();
      } finally {
        const next = waiting.shift();
        if (next) next();
        else busy--;
      }
    },
  };
}

/** Options of the page renderer: the page data's, plus the render time limit (ms, default 3000). */
export interface PageRendererOptions extends PageDataOptions {
  timeoutMs?: number;
  /**
   * Renders in flight at once (SSR_CONCURRENCY; default unbounded): past it a request waits for a free slot, so a
   * burst cannot hold more renders in memory than this. 1 renders one page at a time.
   */
  concurrency?: number;
  /** Called once per failed render (server/metrics.ts `masthead_render_failures_total`). */
  onRenderFailure?: () => void;
}

/**
 * Returns `(c) => Promise<html>` for page requests: `template` is the built index.html, `ssr` the loaded bundle (null:
 * always the shell). Never rejects; failures are logged as `[ssr]` and answered with the shell.
 */
export function pageRenderer(
  template: string,
  ssr: SsrModule | null,
  options: PageRendererOptions,
): (c: Context) => Promise<string> {
  const description = (locale: Locale): string | undefined => {
    try {
      return ssr?.metaDescription(locale);
    } catch {
      return undefined;
    }
  };
  const shell = (locale: Locale) => pageHtml(template, { locale, description: description(locale) });
  const slots = renderSlots(options.concurrency ?? Number.POSITIVE_INFINITY);
  return async (c) => {
    const { locale } = parseRoute(new URL(c.req.url).pathname);
    if (!ssr || renderSourceFaulted(c)) return shell(locale);
    try {
      const data = await pageData(c, options);
      const page = await slots.run(() => ssr.renderPage(data, options.timeoutMs));
      return pageHtml(template, {
        locale,
        theme: page.theme,
        description: description(locale),
        rootHtml: page.html,
        bootJson: page.bootJson,
        bootId: BOOT_DATA_ID,
      });
    } catch (err) {
      console.error('[ssr] render failed; serving the client-rendered page', c.req.path, err);
      options.onRenderFailure?.();
      return shell(locale);
    }
  };
}
