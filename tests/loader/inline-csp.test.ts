// The page loader's scripts inlined into index.html (server/loader-inline.ts) and the CSP of the page that is
// served with them (server/secure-headers.ts): every executable inline script of the served page is allowed by its
// exact sha256 and nothing else is; placeholders never reach the page.
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { HYDRATED_EVENT, TAKE_SEARCH_EVENT } from '../../common/page-loader.ts';
import { createApp } from '../../server/app.ts';
import { bundleLoader, inlineLoaderScripts } from '../../server/loader-inline.ts';
import { createSiteApp } from '../../server/site-app.ts';

const root = resolve(import.meta.dirname, '../..');
const source = readFileSync(join(root, 'index.html'), 'utf8');
let built: { html: string; files: string[] };

beforeAll(async () => {
  built = await inlineLoaderScripts(source, root);
}, 60_000);

/** Bodies of the scripts a browser runs inline: no `src`, and a JavaScript type (none, or text/javascript). */
function executableInlineScripts(html: string): string[] {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
    .filter(([, attrs]) => !/\bsrc\s*=/i.test(attrs!) && !/\btype\s*=\s*"(?!text\/javascript")/i.test(attrs!))
    .map((m) => m[2]!);
}

describe('inlined loader scripts', () => {
  it('replace every placeholder, in place and in order: theme and early input in the head, the start in the body', () => {
    expect(source.match(/data-mh-inline=/g)).toHaveLength(3);
    expect(built.html).not.toContain('data-mh-inline');
    const scripts = executableInlineScripts(built.html);
    expect(scripts).toHaveLength(3);
    const head = built.html.slice(0, built.html.indexOf('</head>'));
    expect(head).toContain(scripts[0]);
    expect(head).toContain(scripts[1]);
    expect(scripts[1]).toContain(HYDRATED_EVENT);
    expect(scripts[1]).toContain(TAKE_SEARCH_EVENT);
    // Minified and self-contained: no import left, nothing from the app's bundle.
    for (const s of scripts) expect(s).not.toMatch(/\bimport\b|\n\s*\/\//);
    expect(built.files.map((f) => f.replace(`${root}/`, ''))).toEqual(
      expect.arrayContaining([
        'src/loader/early-input.ts',
        'src/search/shortcuts.ts',
        'common/page-loader.ts',
      ]),
    );
  });

  it('refuses a module outside the project', async () => {
    await expect(bundleLoader(root, '../etc/x.ts')).rejects.toThrow(/outside the project/);
  });

  it('are allowed by the served page CSP, by their exact hashes and nothing more', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mh-loader-'));
    writeFileSync(join(dir, 'index.html'), built.html);
    const site = createSiteApp(createApp({ faults: false }), dir, built.html);
    const res = await site.request('http://127.0.0.1/');
    expect(res.status).toBe(200);
    const served = await res.text();
    const scriptSrc = /(?:^|;\s*)script-src ([^;]*)/.exec(
      res.headers.get('content-security-policy') ?? '',
    )?.[1];
    const allowed = new Set(scriptSrc?.split(' ').filter((s) => s.startsWith("'sha256-")));
    const hashes = executableInlineScripts(served).map(
      (s) => `'sha256-${createHash('sha256').update(s, 'utf8').digest('base64')}'`,
    );
    expect(hashes).toHaveLength(3);
    expect(allowed).toEqual(new Set(hashes));
    expect(scriptSrc).not.toContain('unsafe');
  });
});
