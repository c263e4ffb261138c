/**
 * The React floor copy of a server-rendered page, the hydration reference of scripts/hydration-timing.ts
 * (docs/BENCHMARKS.md 'Hydration at 4x'): the page at `url`, markup and inline scripts as served, with its
 * first-load modules swapped for the smallest React app that can make a header interactive
 * (scripts/react-floor/entry.ts: React, React DOM, a root, one commit, then `data-ready`), loaded the way the app's
 * are (one low-priority modulepreload, the entry started by the page loader after the first contentful paint).
 * Its hydrated − FCP is what React alone costs on that page, network and CPU: the floor of the app's.
 */
import { build, type Rollup } from 'vite';
import { startPageCopy, type PageCopy } from './page-copy.ts';

/** Where the copy serves the floor's module. */
export const FLOOR_PATH = '/__react-floor/entry.js';

/**
 * The page `html` with its first-load modules replaced by the module at `floorPath`: every modulepreload link goes,
 * the entry script (inert or live) loads `floorPath` instead, keeping its type (so an inert entry still waits for
 * the page loader), and one low-priority modulepreload link for `floorPath` follows it. Throws when the page has no
 * entry script. Pure.
 */
export function reactFloorPage(html: string, floorPath = FLOOR_PATH): string {
  let entries = 0;
  const out = html
    .replace(/<link\b[^>]*\brel="modulepreload"[^>]*>/gi, '')
    .replace(
      /<script\b([^>]*\btype="(?:module|mh-deferred-module)"[^>]*)\bsrc="[^"]*"([^>]*)><\/script>/gi,
      (_tag, before: string, after: string) => {
        entries++;
        return (
          `<script${before}src="${floorPath}"${after}></script>` +
          `<link rel="modulepreload" crossorigin href="${floorPath}" fetchpriority="low">`
        );
      },
    );
  if (entries !== 1) throw new Error(`react floor: expected one entry script in the page, found ${entries}`);
  return out;
}

/**
 * Builds scripts/react-floor/entry.ts (production, minified, one chunk) and returns its code. Like the app's React
 * chunk, it has no compile hint (server/compile-hints.ts: vendor chunks get none).
 */
export async function buildReactFloor(): Promise<string> {
  const result = await build({
    configFile: false,
    logLevel: 'warn',
    build: {
      write: false,
      minify: true,
      modulePreload: false,
      rollupOptions: { input: 'scripts/react-floor/entry.ts' },
    },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as Rollup.RollupOutput[];
  const chunks = outputs.flatMap((o) => o.output).filter((o): o is Rollup.OutputChunk => o.type === 'chunk');
  if (chunks.length !== 1) throw new Error(`react floor: expected one chunk, built ${chunks.length}`);
  return chunks[0]!.code;
}

/** Serves the React floor copy of `url` (see the module comment) on a free port of `host`. */
export async function startReactFloorCopy(url: string, code: string, host = '127.0.0.1'): Promise<PageCopy> {
  return startPageCopy(
    url,
    (html) => reactFloorPage(html),
    {
      [FLOOR_PATH]: { body: Buffer.from(code), type: 'text/javascript; charset=utf-8' },
    },
    host,
  );
}
