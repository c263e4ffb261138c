// The embedded elements' server side (docs/EMBED.md): `/embed/*` answers with CORS and the documented caching
// (server/routes/embed.ts through server/site-app.ts), and the server fragments (server/ssr/fragment.ts): query
// parsing with fallbacks, the declarative shadow root with boot data and script, shared caching only when anonymous
// with a Vary on its inputs, and the element without server markup when the render fails (SPEC §8).
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { createApp } from '../../server/app.ts';
import { EMBED_ENTRY_CACHE } from '../../server/routes/embed.ts';
import { IMMUTABLE_CACHE, createSiteApp } from '../../server/site-app.ts';
import {
  FRAGMENT_PUBLIC_CACHE,
  FRAGMENT_VARY,
  fragmentQuery,
  fragmentRoutes,
  type FragmentRenderer,
} from '../../server/ssr/fragment.ts';

const HTML = '<!doctype html><html><head></head><body><div id="root"></div></body></html>';
const dir = mkdtempSync(join(tmpdir(), 'mh-embed-'));
writeFileSync(join(dir, 'index.html'), HTML);
mkdirSync(join(dir, 'embed', 'chunks'), { recursive: true });
mkdirSync(join(dir, 'embed', '.vite'), { recursive: true });
writeFileSync(join(dir, 'embed', 'masthead.js'), 'export {};');
writeFileSync(join(dir, 'embed', 'chunks', 'app-abc123.js'), 'export {};');
writeFileSync(join(dir, 'embed', 'chunks', 'embed-abc123.css'), '.mh-root{}');
writeFileSync(
  join(dir, 'embed', '.vite', 'manifest.json'),
  JSON.stringify({ 'src/embed/embed.css': { file: 'chunks/embed-abc123.css' } }),
);

describe('/embed/ files', () => {
  const site = createSiteApp(createApp({ faults: false }), dir, HTML);

  it('the entry: CORS for any origin, a day fresh, revalidated with its ETag', async () => {
    const res = await site.request('http://127.0.0.1/embed/masthead.js', {
      headers: { origin: 'https://host.example' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(res.headers.get('cache-control')).toBe(EMBED_ENTRY_CACHE);
    expect(res.headers.get('etag')).toBeTruthy();
  });

  it('the hashed chunks: CORS and immutable', async () => {
    for (const path of ['/embed/chunks/app-abc123.js', '/embed/chunks/embed-abc123.css']) {
      const res = await site.request(`http://127.0.0.1${path}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      expect(res.headers.get('cache-control')).toBe(IMMUTABLE_CACHE);
    }
  });

  it('leaves the page and its own files same-origin', async () => {
    const res = await site.request('http://127.0.0.1/');
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    expect(res.headers.get('cross-origin-resource-policy')).toBe('same-origin');
  });
});

describe('fragmentQuery', () => {
  const q = (o: Record<string, string>) => fragmentQuery((n) => o[n]);
  it('reads the three parameters', () => {
    expect(q({ sub_website_id: '177', lang: 'zh-TW', theme: 'Dark' })).toEqual({
      subSite: 177,
      lang: 'zh-tw',
      theme: 'dark',
    });
  });
  it('falls back for bad values', () => {
    expect(q({ sub_website_id: '5', lang: 'xx', theme: 'neon' })).toEqual({
      subSite: null,
      lang: 'en',
      theme: 'auto',
    });
    expect(q({})).toEqual({ subSite: null, lang: 'en', theme: 'auto' });
  });
});

describe('/fragment/:part', () => {
  const rendered = {
    html: '<header class="site-header">h</header>',
    bootJson: '{"a":1}',
    theme: 'dark' as const,
  };

  it('answers the declarative shadow root, the boot data and the script, shared-cacheable when anonymous', async () => {
    const renderFragment = vi.fn<FragmentRenderer['renderFragment']>(() => Promise.resolve(rendered));
    const app = fragmentRoutes({ currencyCount: 1, staticDir: dir, ssr: { renderFragment } });
    const res = await app.request('http://127.0.0.1/fragment/header?lang=de&theme=dark&sub_website_id=177');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe(FRAGMENT_PUBLIC_CACHE);
    expect(res.headers.get('vary')).toBe(FRAGMENT_VARY);
    expect(res.headers.get('set-cookie')).toBeNull();
    const html = await res.text();
    expect(html).toContain(
      '<masthead-header lang="de" theme="dark" sub-site="177"><template shadowrootmode="open">',
    );
    expect(html).toContain('/embed/chunks/embed-abc123.css">');
    expect(html).toContain(
      '<div class="mh-root" lang="de" dir="ltr" data-theme="dark"><div class="mh-app"><header',
    );
    expect(html).toContain(
      '<script type="application/json" id="mh-boot">{"a":1}</script></template></masthead-header>',
    );
    expect(html).toMatch(/<script type="module" src="http:\/\/[^"]+\/embed\/masthead\.js"><\/script>\n$/);
    // Rendered for the language's page, the sub-site and the theme as a stored skin.
    const [page, part] = renderFragment.mock.calls[0]!;
    expect(part).toBe('header');
    expect([page.locale, page.cookies.theme, page.cookies.theme_changed]).toEqual(['de', '2', '1']);
  });

  it('a failed render answers the element without server markup (it renders on the client)', async () => {
    const app = fragmentRoutes({
      currencyCount: 1,
      staticDir: dir,
      ssr: { renderFragment: () => Promise.reject(new Error('boom')) },
    });
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    const res = await app.request('http://127.0.0.1/fragment/footer');
    spy.mockRestore();
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toMatch(
      /^<masthead-footer lang="en" theme="auto"><\/masthead-footer>\n<script type="module"/,
    );
  });

  it('only header and footer', async () => {
    const app = fragmentRoutes({ currencyCount: 1, staticDir: dir, ssr: null });
    expect((await app.request('http://127.0.0.1/fragment/other')).status).toBe(404);
  });
});
