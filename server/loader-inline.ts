/**
 * The page loader's inline scripts (ARCHITECTURE.md 'The page loader', docs/SECURITY.md 'V3.4'): index.html names
 * each one with a placeholder `<script data-mh-inline="src/loader/x.ts"></script>`, and this replaces it with
 * `<script>…</script>` holding that TypeScript module bundled (its imports included) and minified as one classic
 * script that calls the module's exported `start()`. Run by the Vite plugin (server/vite-plugin.ts) for the build
 * and the dev server alike, before Vite reads the HTML. The CSP hashes are computed afterwards from the HTML that
 * is served (server/secure-headers.ts inlineScriptHashes), so they always match the inlined text.
 */
import { isAbsolute, relative, resolve } from 'node:path';
import type { Plugin, Rolldown } from 'vite';

/** A placeholder: `data-mh-inline` names the module, relative to the project root. */
const PLACEHOLDER = /<script data-mh-inline="([^"]+)"><\/script>/g;

/** Virtual entry id of one loader bundle. */
const ENTRY = '\0mh-loader-entry';

/** One bundled loader script: its code and the files it was built from (absolute paths). */
export interface LoaderBundle {
  code: string;
  files: string[];
}

/**
 * Bundles `file` (a module exporting `start()`, relative to `root`) into one minified classic script (an IIFE, no
 * globals) that calls `start()`. Rejects when the module cannot be built, lies outside `root`, or the result holds
 * `</script` (it could not be inlined).
 */
export async function bundleLoader(root: string, file: string): Promise<LoaderBundle> {
  const abs = resolve(root, file);
  const rel = relative(root, abs);
  if (rel.startsWith('..') || isAbsolute(rel)) throw new Error(`loader script outside the project: ${file}`);
  const entry: Plugin = {
    name: 'masthead-loader-entry',
    resolveId: (id) => (id === ENTRY ? id : null),
    load: (id) => (id === ENTRY ? `import { start } from ${JSON.stringify(abs)};\nstart();\n` : null),
  };
  const { build } = await import('vite');
  const result = await build({
    configFile: false,
    root,
    logLevel: 'silent',
    publicDir: false,
    envFile: false,
    plugins: [entry],
    build: {
      write: false,
      minify: true,
      target: 'es2022',
      sourcemap: false,
      copyPublicDir: false,
      emptyOutDir: false,
      modulePreload: false,
      reportCompressedSize: false,
      rollupOptions: { input: ENTRY, output: { format: 'iife' } },
    },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
  const chunk = outputs.flatMap((o) => o.output).find((o) => o.type === 'chunk');
  if (!chunk) throw new Error(`loader script ${file}: no output`);
  const code = chunk.code.trim();
  if (/<\/script/i.test(code)) throw new Error(`loader script ${file}: holds </script, cannot be inlined`);
  return { code, files: chunk.moduleIds.filter((id) => isAbsolute(id)) };
}

/**
 * `html` with every loader placeholder replaced by its bundled script (see the module comment); `files` lists
 * every source file they were built from. HTML without placeholders comes back unchanged. Rejects on a build error.
 */
export async function inlineLoaderScripts(
  html: string,
  root: string,
): Promise<{ html: string; files: string[] }> {
  const names = [...new Set([...html.matchAll(PLACEHOLDER)].map((m) => m[1]!))];
  const bundles = new Map<string, LoaderBundle>();
  // One at a time: each is a small build, and the machines this runs on have few cores.
  for (const name of names) bundles.set(name, await bundleLoader(root, name));
  return {
    // A function replacement: `$` in the code must not be read as a replacement pattern.
    html: html.replace(PLACEHOLDER, (_tag, name: string) => `<script>${bundles.get(name)!.code}</script>`),
    files: [...bundles.values()].flatMap((b) => b.files),
  };
}

/**
 * The Vite plugin step: inlines the loader scripts into index.html, first among the HTML transforms, in `vite
 * build` and `vite` dev. Dev keeps the result until one of its source files changes.
 */
export function inlineLoader(): Plugin {
  let root = process.cwd();
  let cached: Promise<{ html: string; files: string[] }> | null = null;
  let cachedFor = '';
  return {
    name: 'masthead-inline-loader',
    configResolved(config) {
      root = config.root;
    },
    configureServer(server) {
      server.watcher.on('change', (file) => {
        void cached?.then((c) => {
          if (c.files.includes(resolve(file))) cached = null;
        });
      });
    },
    transformIndexHtml: {
      order: 'pre',
      async handler(html) {
        if (!cached || cachedFor !== html) {
          cachedFor = html;
          cached = inlineLoaderScripts(html, root);
          // A failed build is not kept: the next request tries again.
          cached.catch(() => (cached = null));
        }
        return (await cached).html;
      },
    },
  };
}
