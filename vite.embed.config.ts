// The embed build (docs/EMBED.md): `/embed/masthead.js`, one ES module defining <masthead-header> and
// <masthead-footer>, with its chunks, the market worker and one stylesheet, into `<OUT_DIR>/embed/`. Run by the site
// build (server/vite-plugin.ts) after the client build. Every URL inside is relative to the module's own URL
// (base './'), so a host page on another origin loads the chunks, the worker and the stylesheet from masthead's.
import { join } from 'node:path';
import { defineConfig, type Plugin, type UserConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compileHints } from './server/compile-hints.ts';

/** Folder of the embed build inside the client build folder (served as `/embed/`). */
const EMBED_DIR = 'embed';

/** Stands for a component's own `import './x.css'`: the element links one stylesheet into its shadow root instead. */
const CSS_STUB = '\0mh-embed-css-stub';

/**
 * The components' CSS imports become an empty module: in the page build they add `<link>`/`<style>` elements to the
 * document's head, which on a host page would style the host and not reach the shadow roots.
 */
function componentCssStub(): Plugin {
  return {
    name: 'masthead-embed-css-stub',
    enforce: 'pre',
    resolveId(source, importer) {
      if (importer && /\.[cm]?[jt]sx?$/.test(importer) && /\.css$/.test(source)) return CSS_STUB;
      return null;
    },
    load(id) {
      return id === CSS_STUB ? 'export {};' : null;
    },
  };
}

/** `:root`, `html`, `body` → the shadow root's `.mh-root` box; `#root` → `.mh-app` (src/embed/element.tsx). */
export function shadowSelector(selector: string): string {
  return selector
    .replace(/:root\b/g, '.mh-root')
    .replace(/(^|[\s>+~,(])(?:html|body)(?=$|[\s>+~,.:[)])/g, '$1.mh-root')
    .replace(/#root\b/g, '.mh-app');
}

const shadowSelectors = {
  postcssPlugin: 'masthead-shadow-selectors',
  Rule(rule: { selectors: string[] }) {
    const next = rule.selectors.map(shadowSelector);
    // `html, body` become the same selector twice.
    rule.selectors = [...new Set(next)];
  },
};

/** What differs between the embed build and the React components' build (vite.react.config.ts). */
export interface EmbedBuildOptions {
  entry: string;
  outDir: string;
  entryFileName: string;
  /** Bare imports left to the host's bundler (React for `masthead/react`: a peer dependency). */
  external?: RegExp[];
}

/** The build config for `options` (see the module comment). */
export function embedBuildConfig(options: EmbedBuildOptions): UserConfig {
  const external = options.external ?? [];
  return {
    base: './',
    plugins: [componentCssStub(), react(), compileHints()],
    css: { postcss: { plugins: [shadowSelectors] } },
    worker: {
      format: 'es',
      rolldownOptions: {
        output: { entryFileNames: 'chunks/[name]-[hash].js', chunkFileNames: 'chunks/[name]-[hash].js' },
      },
    },
    publicDir: false,
    build: {
      outDir: options.outDir,
      emptyOutDir: true,
      sourcemap: 'hidden',
      target: 'es2022',
      manifest: true,
      modulePreload: { polyfill: false },
      rolldownOptions: {
        input: options.entry,
        external,
        // The element module only defines the two elements; the React module exports its components.
        preserveEntrySignatures: external.length ? 'strict' : false,
        checks: { ineffectiveDynamicImport: false, pluginTimings: false },
        output: {
          entryFileNames: options.entryFileName,
          chunkFileNames: 'chunks/[name]-[hash].js',
          assetFileNames: 'chunks/[name]-[hash][extname]',
          codeSplitting: {
            groups: [
              // React and the element's static closure in the entry's own request set, as on the page
              // (vite.config.ts).
              { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
              { name: 'app', tags: ['$initial'] },
            ],
          },
        },
      },
    },
  };
}

export default defineConfig(
  embedBuildConfig({
    entry: 'src/embed/masthead.tsx',
    outDir: join(process.env.OUT_DIR ?? 'dist', EMBED_DIR),
    entryFileName: 'masthead.js',
  }),
);
