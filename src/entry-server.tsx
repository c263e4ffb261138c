/**
 * Server entry (ARCHITECTURE.md 'The reference server', SPEC §3, §8): renders the demo page (`<App />`: announcement bar,
 * header, restricted notice, page body, footer) to HTML for one request's boot data, with every catalogue of the
 * request's locale loaded synchronously. Built by `vite build` as an SSR bundle (server/vite-plugin.ts) and called by
 * server/ssr/render.ts; never touches `window` or starts the market worker.
 *
 * Renders run concurrently: each request renders against its own copies of the page's stores (src/state/
 * page-scope.tsx), seeded from its own boot data, and its own translator (which records the namespaces that render
 * used), so no request sees another's user, locale or preferences.
 */
import type { ReactNode } from 'react';
import { prerender } from 'react-dom/static';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../common/domain/locales.ts';
import type { RenderedPage, ServerPageData } from '../common/wire/page.ts';
import { App } from './App.tsx';
import { EMBED_PARTS, type EmbedPart } from './embed/parts.tsx';
import { payWithState } from './buy/pay-with-store.ts';
import { createPageScope, PageScopeProvider } from './state/page-scope.tsx';
import { popularCoinsSeedHolder } from './state/popular-coins-seed.ts';
import { prefsState } from './state/prefs.ts';
import { sessionState } from './state/session.ts';
import { siteState } from './state/site.ts';
import { renderedViewport } from './state/rendered-viewport.ts';
import { cataloguesToEmbed } from './i18n/embed.ts';
import { NAMESPACES } from './i18n/index.ts';
import type { CataloguesByLocale } from './i18n/options.ts';
import { I18nProvider } from './i18n/react.tsx';
import { Translator } from './i18n/runtime.ts';
import { applyBootData, bootDataFrom, serializeBootData, type BootData } from './state/boot-data.ts';

const catalogues = import.meta.glob<Record<string, unknown>>('./i18n/locales/*/*.json', {
  eager: true,
  import: 'default',
});

function catalogueOf(locale: Locale, ns: string): Record<string, unknown> {
  return catalogues[`./i18n/locales/${locale}/${ns}.json`] ?? {};
}

function resourcesOf(locale: Locale): Record<string, Record<string, unknown>> {
  const out: Record<string, Record<string, unknown>> = {};
  for (const ns of NAMESPACES) out[ns] = catalogueOf(locale, ns);
  return out;
}

const resources = new Map<Locale, Record<string, Record<string, unknown>>>();

/** Every catalogue of `locale`, by namespace (memoised: the catalogues never change in a process). */
function cataloguesOf(locale: Locale): Record<string, Record<string, unknown>> {
  let out = resources.get(locale);
  if (!out) resources.set(locale, (out = resourcesOf(locale)));
  return out;
}

/**
 * A new translator for `locale` with every catalogue of it and of English (the fallback), ready synchronously; the
 * client translates with the same runtime and catalogues, so server and client produce the same strings. One per
 * render (it records the namespaces its render used); the catalogues themselves are shared.
 */
export function i18nFor(locale: Locale): Translator {
  const inst = new Translator({
    locale,
    fallbackLocale: DEFAULT_LOCALE,
    resources: { en: cataloguesOf('en'), [locale]: cataloguesOf(locale) },
  });
  inst.isInitialized = true;
  return inst;
}

const describers = new Map<Locale, Translator>();

const embeds = new Map<string, CataloguesByLocale>();

/** The catalogues to embed for a render in `locale` that used `used` namespaces (src/i18n/embed.ts), memoised. */
function embedFor(locale: Locale, used: readonly string[]): CataloguesByLocale {
  const key = `${locale}:${[...used].sort().join(',')}`;
  let out = embeds.get(key);
  if (!out) {
    out = cataloguesToEmbed(locale, used, catalogueOf);
    embeds.set(key, out);
  }
  return out;
}

/** The localized `<meta name="description">` text for `locale` (`common:metaDescription`). */
export function metaDescription(locale: Locale): string {
  const known = LOCALES.includes(locale) ? locale : DEFAULT_LOCALE;
  let inst = describers.get(known);
  if (!inst) describers.set(known, (inst = i18nFor(known)));
  return inst.t('common:metaDescription');
}

/** Markup React emits only for boundaries it could not inline: they need inline scripts, which the CSP blocks. */
const OUTLINED = /<script\b|<template id="B:/;

async function renderOnce(tree: ReactNode, timeoutMs: number): Promise<string> {
  const errors: unknown[] = [];
  const signal = AbortSignal.timeout(timeoutMs);
  const { prelude } = await prerender(
    tree,
    // No progressive outlining: React would move boundaries after ~12.8 KB of markup out of line, to be put in place
    // by inline scripts the CSP blocks. The page is sent whole anyway.
    { signal, onError: (err) => void errors.push(err), progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const html = await new Response(prelude).text();
  // A boundary that failed or did not finish in time would be client-rendered, which the client reports as a
  // recoverable hydration error: treat either as a failed render.
  if (signal.aborted) throw new Error(`server render took longer than ${timeoutMs} ms`);
  if (errors.length) throw errors[0] instanceof Error ? errors[0] : new Error(String(errors[0]));
  return html;
}

/**
 * Renders `element` for one request's page data, in a scope of its own: fresh copies of the page's stores seeded
 * from the page's boot data and a translator of its own. Resolves with the markup, the boot data JSON (with the
 * catalogues the render used) and the theme; rejects when any part of the tree throws or the render takes longer
 * than `timeoutMs`. Safe to run for many requests at once.
 */
export async function renderInScope(
  page: ServerPageData,
  element: ReactNode,
  timeoutMs: number,
): Promise<RenderedPage> {
  const data: BootData = bootDataFrom(page);
  const { scope, copyOf } = createPageScope(
    [siteState, sessionState, prefsState, payWithState],
    [renderedViewport, popularCoinsSeedHolder],
  );
  applyBootData(data, {
    site: copyOf(siteState),
    session: copyOf(sessionState),
    prefs: copyOf(prefsState),
    viewport: copyOf(renderedViewport),
    popularCoins: copyOf(popularCoinsSeedHolder),
  });
  const payWith = copyOf(payWithState);
  payWith.current = data.buyFiat;
  payWith.chosen = data.buyFiat !== '';
  const inst = i18nFor(data.locale);
  // Each `useTranslation` notes its namespaces on the translator: the page embeds what its own render used.
  inst.recordNamespaces();
  const html = await renderOnce(
    <PageScopeProvider scope={scope}>
      <I18nProvider i18n={inst}>{element}</I18nProvider>
    </PageScopeProvider>,
    timeoutMs,
  );
  if (OUTLINED.test(html)) throw new Error('server render left boundaries that need inline scripts');
  data.catalogues = embedFor(data.locale, inst.usedNamespaces());
  return { html, bootJson: serializeBootData(data), theme: data.prefs.theme === 2 ? 'dark' : 'light' };
}

/**
 * Renders `<App />` for the server's page data: resolves with the markup for `#root`, the boot data JSON to embed
 * and the theme for `<html data-theme>`. Rejects when any part of the tree throws or the render takes longer than
 * `timeoutMs` (default 3000 ms); the caller then serves the client-rendered shell (SPEC §8). Renders run
 * concurrently (see the module comment).
 */
export function renderPage(page: ServerPageData, timeoutMs = 3000): Promise<RenderedPage> {
  return renderInScope(page, <App />, timeoutMs);
}

/**
 * Renders one embedded element's part (docs/EMBED.md 'Server fragment': `header` or `footer`, src/embed/parts.tsx)
 * for the server's page data, as `renderPage` renders the page: same boot data, its own scope, same failures (the
 * caller answers without the server markup).
 */
export function renderFragment(
  page: ServerPageData,
  part: EmbedPart,
  timeoutMs = 3000,
): Promise<RenderedPage> {
  const Part = EMBED_PARTS[part];
  return renderInScope(page, <Part />, timeoutMs);
}
