/**
 * `GET /fragment/header` and `GET /fragment/footer` (docs/EMBED.md 'Server fragment'): the server-rendered markup of
 * an embedded element, for a host page that includes it on its server (SSI, ESI or its own template). An HTML
 * fragment, not a document: the element with a declarative shadow root (masthead's stylesheet, the rendered part in
 * the `.mh-root` box, the boot data as JSON), then the module script that defines the element, which hydrates it.
 * The header paints before any script runs.
 *
 * Query: `sub_website_id` (SPEC §1 id), `lang` (one of the 16 locales; default English), `theme` (`light`, `dark`,
 * `auto`: the visitor's stored skin). The request's cookies (session, preferences) count as on masthead's own page,
 * so a host forwards the visitor's cookies with its include.
 *
 * Caching: signed-in output is `private, no-store` (never in a shared cache); anonymous output is
 * `public, max-age=60, stale-while-revalidate=300` and varies on everything besides the URL that it is computed
 * from: `Cookie` (preferences, sub-site), `User-Agent` and `Sec-CH-UA-Mobile` (the layout guessed for the viewport),
 * `X-Country` (the compliance check). It sets no cookie: the site's pages (the host's gateway) set the CSRF cookies.
 * A failed render answers the element without server markup (it renders on the client; SPEC §8), never a 5xx.
 */
import { Hono, type Context } from 'hono';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { DEFAULT_LOCALE, isLocale, localeDirection, type Locale } from '../../common/domain/locales.ts';
import { langPrefixFor } from '../../common/domain/route.ts';
import { isSubSiteId } from '../../common/domain/sub-sites.ts';
import { THEME_CHANGED_COOKIE, THEME_COOKIE } from '../../common/page-loader.ts';
import { BOOT_DATA_ID, type RenderedPage, type ServerPageData } from '../../common/wire/page.ts';
import { SIGN_COOKIE } from '../cookie-names.ts';
import { requestCookie } from '../cookie-parse.ts';
import { requestOrigin } from '../origin.ts';
import { requestSessionOrAnonymous } from '../request-context.ts';
import { SESSIONS } from '../sessions.ts';
import { escapeHtml } from './html.ts';
import { pageData, renderSourceFaulted, type PageDataOptions } from './page-data.ts';

/** The parts a fragment renders. */
export const FRAGMENT_PARTS = ['header', 'footer'] as const;
export type FragmentPart = (typeof FRAGMENT_PARTS)[number];

/** Cache-Control of anonymous fragments (seconds). */
export const FRAGMENT_PUBLIC_CACHE = 'public, max-age=60, stale-while-revalidate=300';
/** Cache-Control of signed-in fragments. */
export const FRAGMENT_PRIVATE_CACHE = 'private, no-store';
/** What an anonymous fragment is computed from besides its URL. */
export const FRAGMENT_VARY = 'Cookie, User-Agent, Sec-CH-UA-Mobile, X-Country';

/** What the SSR bundle exports for fragments (src/entry-server.tsx `renderFragment`). */
export interface FragmentRenderer {
  renderFragment(page: ServerPageData, part: FragmentPart, timeoutMs?: number): Promise<RenderedPage>;
}

/** Options: the page data's, the client build folder (for the embed build's stylesheet name), the renderer. */
export interface FragmentOptions extends PageDataOptions {
  staticDir: string;
  ssr: Partial<FragmentRenderer> | null;
  timeoutMs?: number;
}

/** The query, validated: bad values fall back to defaults (SPEC §8). */
export interface FragmentQuery {
  subSite: number | null;
  lang: Locale;
  theme: 'light' | 'dark' | 'auto';
}

/** Parses the fragment's query. Pure. */
export function fragmentQuery(q: (name: string) => string | undefined): FragmentQuery {
  const site = Number(q('sub_website_id') ?? 'x');
  const lang = q('lang')?.toLowerCase();
  const theme = q('theme')?.toLowerCase();
  return {
    subSite: Number.isInteger(site) && isSubSiteId(site) ? site : null,
    lang: isLocale(lang) ? lang : DEFAULT_LOCALE,
    theme: theme === 'light' || theme === 'dark' ? theme : 'auto',
  };
}

/** The embed build's stylesheet, relative to `/embed/` (read once from its manifest); null without the build. */
function embedStylesheet(staticDir: string): string | null {
  try {
    const manifest = JSON.parse(
      readFileSync(resolve(staticDir, 'embed', '.vite', 'manifest.json'), 'utf8'),
    ) as Record<string, { file: string }>;
    return Object.values(manifest).find((c) => c.file.endsWith('.css'))?.file ?? null;
  } catch {
    return null;
  }
}

/**
 * The request the page data is computed for: the locale's home page (`/ja/`), the sub-site in the query, and the
 * theme as a stored skin in the cookies (`theme=2; theme_changed=1` for dark) when the query names one.
 */
function pageRequest(c: Context, q: FragmentQuery): Request {
  const url = new URL(c.req.url);
  const target = new URL(`${langPrefixFor(q.lang)}/`, url.origin);
  if (q.subSite !== null) target.searchParams.set('sub_website_id', String(q.subSite));
  const headers = new Headers(c.req.raw.headers);
  if (q.theme !== 'auto') {
    const kept = (headers.get('cookie') ?? '')
      .split(/;\s*/)
      .filter((p) => p && !p.startsWith(`${THEME_COOKIE}=`) && !p.startsWith(`${THEME_CHANGED_COOKIE}=`));
    kept.push(`${THEME_COOKIE}=${q.theme === 'dark' ? 2 : 0}`, `${THEME_CHANGED_COOKIE}=1`);
    headers.set('cookie', kept.join('; '));
  }
  return new Request(target, { headers });
}

/** The fragment's HTML: the element (with its declarative shadow root when rendered) and the module script. */
export function fragmentHtml(parts: {
  part: FragmentPart;
  origin: string;
  query: FragmentQuery;
  stylesheet: string | null;
  rendered: RenderedPage | null;
}): string {
  const { part, origin, query, stylesheet, rendered } = parts;
  const tag = `masthead-${part}`;
  const attrs = [
    `lang="${query.lang}"`,
    `theme="${query.theme}"`,
    ...(query.subSite === null ? [] : [`sub-site="${query.subSite}"`]),
  ].join(' ');
  const script = `<script type="module" src="${escapeHtml(`${origin}/embed/masthead.js`)}"></script>`;
  if (!rendered || !stylesheet) return `<${tag} ${attrs}></${tag}>\n${script}\n`;
  const box = `<div class="mh-root" lang="${query.lang}" dir="${localeDirection(query.lang)}" data-theme="${rendered.theme}">`;
  return (
    `<${tag} ${attrs}><template shadowrootmode="open">` +
    `<link rel="stylesheet" href="${escapeHtml(`${origin}/embed/${stylesheet}`)}">` +
    `${box}<div class="mh-app">${rendered.html}</div><div class="mh-portals"></div></div>` +
    `<script type="application/json" id="${BOOT_DATA_ID}">${rendered.bootJson}</script>` +
    `</template></${tag}>\n${script}\n`
  );
}

/** The fragment routes (mounted before the site's page routes, server/start.ts). */
export function fragmentRoutes(options: FragmentOptions): Hono {
  const app = new Hono();
  let stylesheet: string | null | undefined;
  app.get('/fragment/:part{header|footer}', async (c) => {
    const part = c.req.param('part') as FragmentPart;
    const query = fragmentQuery((n) => c.req.query(n));
    // A session cookie alone keeps the answer out of shared caches, even when the session store cannot answer.
    const signedIn =
      requestCookie(c, SIGN_COOKIE) !== undefined ||
      (await requestSessionOrAnonymous(c, options.store ?? SESSIONS)) !== null;
    stylesheet ??= embedStylesheet(options.staticDir);
    let rendered: RenderedPage | null = null;
    if (options.ssr?.renderFragment && !renderSourceFaulted(c)) {
      try {
        // The page data of the rewritten request (pageData reads a Hono context).
        let data: ServerPageData | undefined;
        await new Hono()
          .get('*', async (pc) => {
            data = await pageData(pc, options);
            return pc.body(null, 204);
          })
          .fetch(pageRequest(c, query));
        if (data) rendered = await options.ssr.renderFragment(data, part, options.timeoutMs);
      } catch (err) {
        console.error('[fragment] render failed; answering the element without server markup', part, err);
      }
    }
    c.header('Cache-Control', signedIn ? FRAGMENT_PRIVATE_CACHE : FRAGMENT_PUBLIC_CACHE);
    c.header('Vary', FRAGMENT_VARY);
    c.header('X-Content-Type-Options', 'nosniff');
    return c.html(fragmentHtml({ part, origin: requestOrigin(c).origin, query, stylesheet, rendered }));
  });
  return app;
}
