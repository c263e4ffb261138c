/**
 * Build only: V8's explicit compile hint on the first-load chunks (docs/BENCHMARKS.md 'Hydration at 4x'). A chunk
 * that starts with the magic comment `//# allFunctionsCalledOnLoad` has all its functions compiled eagerly, on a
 * background thread while it streams in (Chromium 136+; other engines ignore the comment). Without it V8
 * pre-parses each function and compiles it on the main thread at its first call, and during hydration nearly
 * every function of the first load is called: React DOM's render, hydration and commit paths, the header's
 * components, the stores. So the hint moves that compile time out of the window between the last first-load byte
 * and the hydrated header, into the window where the main thread waits for React's bytes.
 *
 * Only the entry chunks of the page, its mounting chunk (server/first-load-split.ts) and their static imports (the
 * modules the page preloads and evaluates before it can hydrate), and of those only the chunks with the project's
 * own code: a lazy chunk is loaded for a feature when used, most of whose functions never run; and a vendor chunk
 * (React and React DOM, all of `node_modules`) has hundreds of functions the page never calls, whose eagerly
 * compiled code would stay in the heap for the page's life (the V8 team's advice: hint files most of whose
 * functions run at load). On React's chunk it was worth 8–24 ms more of hydration; the floor bench's moving-market
 * runs with it were mixed (docs/BENCHMARKS.md 'Hydration at 4x').
 */
import type { Plugin } from 'vite';
import { MOUNT_CHUNK } from '../scripts/first-load.mjs';

/** V8's magic comment (first line of the file). */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

interface ChunkLike {
  type: 'chunk';
  isEntry: boolean;
  name?: string;
  imports: string[];
  moduleIds?: readonly string[];
}

/** A chunk made only of `node_modules` code (the React vendor chunk). Pure. */
export function isVendorChunk(chunk: { moduleIds?: readonly string[] }): boolean {
  const ids = chunk.moduleIds ?? [];
  return ids.length > 0 && ids.every((id) => /[\\/]node_modules[\\/]/.test(id));
}

/**
 * The file names of the bundle's entry chunks and its mounting chunk (named MOUNT_CHUNK) and, transitively, their
 * static imports (`bundle`: file name → output chunk or asset, as in Rollup's `generateBundle`). Worker bundles are
 * built apart; assets are ignored. Pure.
 */
export function firstLoadChunks(bundle: Record<string, { type: string }>): Set<string> {
  const out = new Set<string>();
  const visit = (name: string) => {
    const chunk = bundle[name] as ChunkLike | undefined;
    if (!chunk || chunk.type !== 'chunk' || out.has(name)) return;
    out.add(name);
    for (const dep of chunk.imports) visit(dep);
  };
  for (const [name, item] of Object.entries(bundle)) {
    const chunk = item as ChunkLike;
    if (chunk.type === 'chunk' && (chunk.isEntry || chunk.name === MOUNT_CHUNK)) visit(name);
  }
  return out;
}

/**
 * A source map (JSON text, or an object with `mappings`) with one generated line added at the top: the `mappings`
 * string gains a leading `;`, so every mapping keeps pointing at its own code after the hint is prepended.
 */
export function shiftMapOneLine<T extends { mappings: string }>(map: T): T {
  map.mappings = `;${map.mappings}`;
  return map;
}

/** The plugin: prepends COMPILE_HINT to the first-load chunks but vendor ones (and keeps their source maps aligned). */
export function compileHints(): Plugin {
  let ssr = false;
  return {
    name: 'masthead-compile-hints',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      ssr = Boolean(config.build.ssr);
    },
    // After Vite's own post steps, which put the preload helper's table (`__vite__mapDeps`) on the first line.
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        if (ssr) return;
        for (const name of firstLoadChunks(bundle)) {
          const chunk = bundle[name];
          if (chunk?.type !== 'chunk' || isVendorChunk(chunk) || chunk.code.startsWith(COMPILE_HINT))
            continue;
          chunk.code = COMPILE_HINT + chunk.code;
          if (chunk.map) shiftMapOneLine(chunk.map);
          const mapFile = bundle[`${name}.map`];
          if (mapFile?.type === 'asset' && typeof mapFile.source === 'string') {
            mapFile.source = JSON.stringify(
              shiftMapOneLine(JSON.parse(mapFile.source) as { mappings: string }),
            );
          }
        }
      },
    },
  };
}
