// Code split by first use (src/lib/lazy-intent.tsx): preload states, retry after a failure, server rendering of the
// fallback; the interim popover frame's placement; the Lighthouse report's table and section replacement.
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import * as i18n from '../../src/i18n/index.ts';
import { lazyOnIntent } from '../../src/lib/lazy-intent.tsx';
import { framePosition } from '../../src/ui/PopoverFrame.tsx';
import {
  bestOf,
  bytesOf,
  firstLoadFiles,
  inertScripts,
  meetsTargets,
  pageLoadSection,
  replaceSection,
  type PageLoadFigures,
} from '../../scripts/lighthouse-report.ts';

const Hello = ({ name }: { name: string }) => createElement('b', null, `hi ${name}`);

describe('lazyOnIntent', () => {
  it('loads once, however many intents arrive while it loads', async () => {
    const load = vi.fn(() => Promise.resolve(Hello));
    const Lazy = lazyOnIntent(load, 'hello');
    expect(Lazy.status()).toBe('idle');
    const a = Lazy.preload();
    const b = Lazy.preload();
    expect(Lazy.status()).toBe('loading');
    await Promise.all([a, b]);
    expect(Lazy.status()).toBe('ready');
    await Lazy.preload();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('a failed load is logged, never rejects, and the next intent loads again', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const load = vi
      .fn<() => Promise<typeof Hello>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValueOnce(Hello);
    const Lazy = lazyOnIntent(load, 'flaky');
    await expect(Lazy.preload()).resolves.toBeUndefined();
    expect(Lazy.status()).toBe('failed');
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('flaky'), expect.any(TypeError));
    await Lazy.preload();
    expect(Lazy.status()).toBe('ready');
    expect(load).toHaveBeenCalledTimes(2);
    warn.mockRestore();
  });

  it('is ready only once its code and its namespaces are both in', async () => {
    let release!: () => void;
    const catalogues = vi
      .spyOn(i18n, 'loadNamespaces')
      .mockImplementationOnce(() => new Promise<void>((done) => (release = done)));
    const Lazy = lazyOnIntent(() => Promise.resolve(Hello), 'with strings', ['messages']);
    const loaded = Lazy.preload();
    await Promise.resolve();
    await Promise.resolve();
    // The code is in; its strings are not: still loading, so the first paint cannot show keys.
    expect(Lazy.status()).toBe('loading');
    expect(catalogues).toHaveBeenCalledWith(['messages']);
    release();
    await loaded;
    expect(Lazy.status()).toBe('ready');
    catalogues.mockRestore();
  });

  it('renders the fallback on the server (so hydration matches), the component once loaded on the client', async () => {
    const Lazy = lazyOnIntent(() => Promise.resolve(Hello), 'ssr');
    const fallback = ({ status }: { status: string }) => createElement('i', null, status);
    expect(renderToString(createElement(Lazy, { name: 'x', fallback }))).toBe('<i>idle</i>');
    await Lazy.preload();
    // Still the fallback on the server: its snapshot is always 'idle'.
    expect(renderToString(createElement(Lazy, { name: 'x', fallback }))).toBe('<i>idle</i>');
  });
});

describe('framePosition', () => {
  const rect = { top: 10, bottom: 50, left: 100, right: 180 };
  it('start in LTR and end in RTL sit at the left edge of the trigger, 6 px below it', () => {
    expect(framePosition(rect, 1440, 'start', false)).toEqual({ position: 'fixed', top: 56, left: 100 });
    expect(framePosition(rect, 1440, 'end', true)).toEqual({ position: 'fixed', top: 56, left: 100 });
  });
  it('end in LTR and start in RTL align to the right edge; never closer than 12 px to the viewport edge', () => {
    expect(framePosition(rect, 1440, 'end', false)).toEqual({ position: 'fixed', top: 56, right: 1260 });
    expect(framePosition({ ...rect, left: 2, right: 1435 }, 1440, 'start', true)).toEqual({
      position: 'fixed',
      top: 56,
      right: 12,
    });
  });
});

describe('Lighthouse report', () => {
  const good: PageLoadFigures = {
    score: 97,
    fcpMs: 1100,
    lcpMs: 1500,
    tbtMs: 40,
    cls: 0.001,
    scriptBytes: 95_000,
    firstLoadScriptBytes: 80_000,
    totalBytes: 180_000,
  };
  it('finds the first-load files (entry + static imports, not dynamic ones) and the bytes they transferred', () => {
    const manifest = {
      'index.html': {
        file: 'assets/index-a.js',
        isEntry: true,
        imports: ['_react.js', '_app.js'],
        css: ['assets/index-a.css'],
      },
      '_react.js': { file: 'assets/react-b.js' },
      '_app.js': { file: 'assets/app-c.js', imports: ['_react.js'] },
      'src/Footer.tsx': { file: 'assets/Footer-d.js', imports: ['_react.js'] },
      'src/entry-server.tsx': { file: 'entry-server.js', isEntry: true },
    };
    const files = new Set(firstLoadFiles(manifest).js);
    expect([...files].sort()).toEqual(['assets/app-c.js', 'assets/index-a.js', 'assets/react-b.js']);
    const requests = [
      { url: 'http://127.0.0.1:5000/assets/index-a.js', transferSize: 100 },
      { url: 'http://127.0.0.1:5000/assets/react-b.js?x=1', transferSize: 50 },
      { url: 'http://127.0.0.1:5000/assets/Footer-d.js', transferSize: 30 },
      { url: 'http://127.0.0.1:5000/', transferSize: 9 },
    ];
    expect(bytesOf(requests, files)).toBe(150);
    expect(firstLoadFiles(manifest).css).toEqual(['assets/index-a.css']);
    expect(() => firstLoadFiles({})).toThrow(/no index.html entry/);
  });
  it('meets the targets only when every figure does', () => {
    expect(meetsTargets(good)).toBe(true);
    expect(meetsTargets({ ...good, tbtMs: 101 })).toBe(false);
    expect(meetsTargets({ ...good, scriptBytes: 150_000 })).toBe(false);
    expect(meetsTargets({ ...good, score: 94 })).toBe(false);
  });
  it('writes a table with the before figures, the targets and the measured ones', () => {
    const md = pageLoadSection(good, 2, new Date('2026-11-23T17:00:00Z'));
    expect(md).toContain('## Page load');
    expect(md).toContain('| performance score | 67–68 | 43 | ≥ 95 | 97 | ✓ |');
    expect(md).toContain('| largest contentful paint | 4.1 s | 6.2 s | ≤ 1.8 s | 1.5 s | ✓ |');
    expect(md).toContain('| script transferred on first load | 483 KB | — | ≤ 100 KB | 95 KB | ✓ |');
    expect(pageLoadSection({ ...good, tbtMs: 960 }, 2, new Date())).toContain('| 960 ms | ✗ |');
    expect(md).toContain('best of 2 runs');
  });
  it("adds the market worker's body Lighthouse leaves out, and the machine's benchmark index", () => {
    const md = pageLoadSection(
      { ...good, worker: { servedBytes: 31_000, recordedBytes: 1_000 }, benchmarkIndex: 1807.5 },
      2,
      new Date('2026-11-26T09:00:00Z'),
    );
    expect(md).toContain(`| script of the load with the market worker's body`);
    expect(md).toContain('| 125 KB (worker 31 KB) |');
    expect(md).toContain('Lighthouse benchmark index 1808');
    expect(pageLoadSection(good, 2, new Date())).not.toContain('worker');
  });
  it('makes every script of a page inert for the no-script reference, markup and data kept', () => {
    const html =
      '<head><script>var a=1</script><link rel="modulepreload" href="/assets/r.js">' +
      '<script type="module" src="/assets/i.js"></script><script type=\'application/json\' id="boot">{"x":1}</script>' +
      '<SCRIPT\ttype=text/javascript>b()</SCRIPT></head><body><h1>Hi</h1></body>';
    const out = inertScripts(html);
    expect(out).not.toContain('modulepreload');
    expect(out.match(/<script\b[^>]*>/gi)).toEqual([
      '<script type="mh-inert">',
      '<script type="mh-inert" src="/assets/i.js">',
      '<script type="mh-inert" id="boot">',
      '<script type="mh-inert">',
    ]);
    expect(out).toContain('{"x":1}</script>');
    expect(out).toContain('<body><h1>Hi</h1></body>');
  });
  it('lists each app run beside the reference run after it, and the best of each', () => {
    const ref = { ...good, score: 100, tbtMs: 18, benchmarkIndex: 2000 };
    const md = pageLoadSection(good, 2, new Date(), 1, {
      app: [good, { ...good, score: 97, tbtMs: 40 }],
      reference: [ref, undefined],
    });
    expect(md).toContain('| reference, run 1 | 100 | 1.1 s | 1.5 s | 18 ms | 2000 |');
    expect(md).toContain('| reference, run 2 | — | — | — | — | — |');
    expect(md).toContain('| **app, best** | 97 | 1.1 s | 1.5 s | 40 ms | — |');
    expect(md).toContain('| **reference, best** | 100 |');
    expect(pageLoadSection(good, 2, new Date(), 1, { app: [good], reference: [undefined] })).not.toContain(
      'no-script reference',
    );
    expect(bestOf([{ figures: good }, { figures: { ...good, tbtMs: 1 } }]).figures.tbtMs).toBe(1);
  });
  it('replaces the section between its markers, or appends it once', () => {
    const first = replaceSection('# Benchmarks\n\nintro\n', 'A');
    expect(first).toBe('# Benchmarks\n\nintro\n\n<!-- page-load:start -->\nA\n<!-- page-load:end -->\n');
    const again = replaceSection(`${first}\n## Later\n`, 'B');
    expect(again).toContain('<!-- page-load:start -->\nB\n<!-- page-load:end -->');
    expect(again).not.toContain('\nA\n');
    expect(again).toContain('## Later');
  });
});
