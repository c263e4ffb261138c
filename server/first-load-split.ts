/**
 * Build only: the page's first load in two parts (docs/BENCHMARKS.md 'Hydration at 4x'). The entry (src/main.tsx)
 * needs no React: it seeds the stores, applies the display settings and starts i18n. The mounting module
 * (src/mount.tsx: React, the App, the header's components) is a dynamic import of the entry, so the browser runs the
 * entry as soon as its own chunk is in, while React's larger chunk is still arriving. Two pieces make that work:
 *
 * - `mountChunkName`, a code-splitting group name function: the mounting module's static closure, less what the entry
 *   already has and what another group takes first (React's own chunk), is one chunk. Without it the bundler cuts
 *   that closure into a dozen small chunks, one for each set of lazy chunks sharing a module (a request each on the
 *   way to a hydrated header).
 * - `mountPreload()`, a plugin writing into the built index.html a modulepreload link for the mounting chunk and each
 *   chunk it imports statically, and a stylesheet link for its CSS ahead of the entry's (the cascade order of one
 *   bundle, where the components' CSS came before the entry's own). The server then fetches them with the entry at
 *   low priority (server/ssr/html.ts) and inlines the CSS in the page (server/ssr/inline-css.ts), as it does the
 *   entry's; Vite's preload helper finds both links and loads nothing twice.
 */
import { resolve } from 'node:path';
import type { Plugin, Rollup } from 'vite';
import { ENTRY_MODULE, MOUNT_CHUNK, MOUNT_MODULE } from '../scripts/first-load.mjs';

interface GraphInfo {
  importedIds: readonly string[];
}

/** The static import closure of `from` (module ids), through `info` (the bundler's module graph). Pure. */
export function staticClosure(from: string, info: (id: string) => GraphInfo | null): Set<string> {
  const out = new Set<string>();
  const stack = [from];
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (out.has(id)) continue;
    const mod = info(id);
    if (!mod) continue;
    out.add(id);
    for (const dep of mod.importedIds) stack.push(dep);
  }
  return out;
}

/**
 * A code-splitting group name function for the project at `root` (see the module comment): MOUNT_CHUNK for a module
 * in the mounting module's static closure and not in the entry's, null for any other. The closures are computed once
 * per chunking pass (keyed by the graph's record of the mounting module, which the bundler reuses within a pass).
 */
export function mountChunkName(root: string) {
  const mountId = resolve(root, MOUNT_MODULE);
  const entryId = resolve(root, ENTRY_MODULE);
  const cache = new WeakMap<object, Set<string>>();
  return (id: string, ctx: { getModuleInfo(id: string): GraphInfo | null }): string | null => {
    const mount = ctx.getModuleInfo(mountId);
    if (!mount) return null;
    let members = cache.get(mount);
    if (!members) {
      const info = (m: string) => ctx.getModuleInfo(m);
      const entry = staticClosure(entryId, info);
      members = new Set([...staticClosure(mountId, info)].filter((m) => !entry.has(m)));
      cache.set(mount, members);
    }
    return members.has(id) ? MOUNT_CHUNK : null;
  };
}

/**
 * The links for the mounting chunk of `bundle` (see the module comment): `preloads`, modulepreload tags for it and its
 * static imports, transitively, in that order, except the entry chunk (the page's script); `stylesheets`, stylesheet tags for their CSS. `base` is the public
 * path ('/'). Empty when the bundle has no mounting chunk (another build). Pure.
 */
export function mountLinks(
  bundle: Rollup.OutputBundle,
  mountId: string,
  base = '/',
): { preloads: string[]; stylesheets: string[] } {
  const chunks = Object.values(bundle).filter((o): o is Rollup.OutputChunk => o.type === 'chunk');
  const mount = chunks.find((c) => c.moduleIds.includes(mountId));
  if (!mount) return { preloads: [], stylesheets: [] };
  const byName = new Map(chunks.map((c) => [c.fileName, c]));
  const files: string[] = [];
  const css = new Set<string>();
  const visit = (chunk: Rollup.OutputChunk) => {
    if (files.includes(chunk.fileName) || chunk.isEntry) return; // the entry has its own script tag
    files.push(chunk.fileName);
    for (const f of (chunk as { viteMetadata?: { importedCss: Set<string> } }).viteMetadata?.importedCss ??
      [])
      css.add(f);
    for (const dep of chunk.imports) {
      const next = byName.get(dep);
      if (next) visit(next);
    }
  };
  visit(mount);
  return {
    preloads: files.map((f) => `<link rel="modulepreload" crossorigin href="${base}${f}">`),
    stylesheets: [...css].map((f) => `<link rel="stylesheet" crossorigin href="${base}${f}">`),
  };
}

/**
 * The plugin (see the module comment). Runs among the last HTML transforms but before the first-paint CSS is inlined
 * (server/vite-plugin.ts: list it before `referenceServer()`). Leaves a page without the entry script alone.
 */
export function mountPreload(): Plugin {
  let root = process.cwd();
  let base = '/';
  return {
    name: 'masthead-mount-preload',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        if (!ctx.bundle) return html;
        const { preloads, stylesheets } = mountLinks(ctx.bundle, resolve(root, MOUNT_MODULE), base);
        if (preloads.length === 0) return html;
        const present = (tag: string) => html.includes(/href="([^"]+)"/.exec(tag)![0]);
        const newPreloads = preloads.filter((t) => !present(t)).join('\n    ');
        const newSheets = stylesheets.filter((t) => !present(t)).join('\n    ');
        let out = html.replace(
          /(<script\b[^>]*\btype="module"[^>]*\bsrc="[^"]+"[^>]*><\/script>)/i,
          (entry: string) => `${entry}\n    ${newPreloads}`,
        );
        if (newSheets) {
          // Ahead of the entry's own stylesheet: the cascade order of one bundle (see the module comment).
          const firstSheet = /<link\b(?=[^>]*\brel="stylesheet")[^>]*>/i.exec(out);
          out = firstSheet
            ? out.replace(firstSheet[0], `${newSheets}\n    ${firstSheet[0]}`)
            : out.replace('</head>', `    ${newSheets}\n  </head>`);
        }
        return out;
      },
    },
  };
}
