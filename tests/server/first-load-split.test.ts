// The first load in two parts (server/first-load-split.ts, scripts/first-load.mjs): the mounting chunk's members,
// the links the built page gets for it, and the first-load files the budget and the page-load audit count.
import { describe, expect, it } from 'vitest';
import type { Rollup } from 'vite';
import { mountChunkName, mountLinks, staticClosure } from '../../server/first-load-split.ts';
import { firstLoadFiles, MOUNT_CHUNK } from '../../scripts/first-load.mjs';

const ROOT = '/p';
/** A module graph: id → static imports. */
const GRAPH: Record<string, string[]> = {
  '/p/index.html': ['/p/src/main.tsx'],
  '/p/src/main.tsx': ['/p/src/state/site.ts', '/p/src/i18n/index.ts'],
  '/p/src/state/site.ts': ['/nm/valtio/vanilla.mjs'],
  '/p/src/i18n/index.ts': [],
  '/nm/valtio/vanilla.mjs': [],
  '/p/src/mount.tsx': ['/nm/react/index.js', '/p/src/App.tsx'],
  '/p/src/App.tsx': ['/p/src/header/Header.tsx', '/p/src/state/site.ts'],
  '/p/src/header/Header.tsx': ['/p/src/ui/Dialog.tsx', '/nm/react/index.js'],
  '/p/src/ui/Dialog.tsx': [],
  '/nm/react/index.js': [],
  '/p/src/search/SearchModal.tsx': ['/p/src/ui/Dialog.tsx'], // lazy: nobody imports it statically
};
const ctx = {
  getModuleInfo: (id: string) => (id in GRAPH ? { importedIds: GRAPH[id]! } : null),
};

describe('staticClosure', () => {
  it('follows static imports only, from the module given', () => {
    expect([...staticClosure('/p/src/main.tsx', ctx.getModuleInfo)].sort()).toEqual([
      '/nm/valtio/vanilla.mjs',
      '/p/src/i18n/index.ts',
      '/p/src/main.tsx',
      '/p/src/state/site.ts',
    ]);
  });

  it('is empty for a module the graph does not have', () => {
    expect(staticClosure('/p/nope.ts', ctx.getModuleInfo).size).toBe(0);
  });
});

describe('mountChunkName', () => {
  const name = mountChunkName(ROOT);

  it("names the mounting module's closure, less the entry's", () => {
    for (const id of [
      '/p/src/mount.tsx',
      '/p/src/App.tsx',
      '/p/src/header/Header.tsx',
      '/p/src/ui/Dialog.tsx',
    ])
      expect(name(id, ctx)).toBe(MOUNT_CHUNK);
    // React is in the closure too; its own group comes first in vite.config.ts.
    expect(name('/nm/react/index.js', ctx)).toBe(MOUNT_CHUNK);
  });

  it("leaves the entry's modules and lazy modules to the other groups", () => {
    for (const id of [
      '/p/src/main.tsx',
      '/p/src/state/site.ts',
      '/nm/valtio/vanilla.mjs',
      '/p/src/search/SearchModal.tsx',
    ])
      expect(name(id, ctx)).toBeNull();
  });

  it('names nothing in a build without the mounting module (the embed build)', () => {
    const other = {
      getModuleInfo: (id: string) => (id === '/p/src/embed/masthead.tsx' ? { importedIds: [] } : null),
    };
    expect(name('/p/src/embed/masthead.tsx', other)).toBeNull();
  });
});

describe('mountLinks', () => {
  const chunk = (
    fileName: string,
    moduleIds: string[],
    imports: string[],
    css: string[] = [],
    isEntry = false,
  ) =>
    ({
      type: 'chunk',
      fileName,
      moduleIds,
      imports,
      isEntry,
      viteMetadata: { importedCss: new Set(css), importedAssets: new Set() },
    }) as unknown as Rollup.OutputChunk;
  const bundle = {
    'assets/index-1.js': chunk('assets/index-1.js', ['/p/src/main.tsx'], [], ['assets/index-1.css'], true),
    'assets/mount-2.js': chunk(
      'assets/mount-2.js',
      ['/p/src/mount.tsx', '/p/src/App.tsx'],
      ['assets/runtime-3.js', 'assets/react-4.js', 'assets/index-1.js'],
      ['assets/mount-2.css'],
    ),
    'assets/runtime-3.js': chunk('assets/runtime-3.js', [], []),
    'assets/react-4.js': chunk('assets/react-4.js', [], ['assets/runtime-3.js']),
    'assets/SearchModal-5.js': chunk('assets/SearchModal-5.js', [], ['assets/mount-2.js'], ['assets/s.css']),
  } as unknown as Rollup.OutputBundle;

  it('preloads the mounting chunk and its static imports but not the entry; links its CSS', () => {
    expect(mountLinks(bundle, '/p/src/mount.tsx')).toEqual({
      preloads: [
        '<link rel="modulepreload" crossorigin href="/assets/mount-2.js">',
        '<link rel="modulepreload" crossorigin href="/assets/runtime-3.js">',
        '<link rel="modulepreload" crossorigin href="/assets/react-4.js">',
      ],
      stylesheets: ['<link rel="stylesheet" crossorigin href="/assets/mount-2.css">'],
    });
  });

  it('is empty without a mounting chunk', () => {
    expect(mountLinks(bundle, '/p/src/other.tsx')).toEqual({ preloads: [], stylesheets: [] });
  });
});

describe('firstLoadFiles with a mounting chunk', () => {
  const manifest = {
    'index.html': {
      file: 'assets/index-1.js',
      isEntry: true,
      css: ['assets/index-1.css'],
      dynamicImports: ['src/i18n/catalogue-chunks.ts', '_mount-2.js'],
    },
    '_mount-2.js': {
      file: 'assets/mount-2.js',
      name: MOUNT_CHUNK,
      imports: ['_react-4.js', 'index.html'],
      css: ['assets/mount-2.css'],
    },
    '_react-4.js': { file: 'assets/react-4.js' },
    'src/i18n/catalogue-chunks.ts': { file: 'assets/catalogue-chunks-6.js' },
  };

  it('counts the entry, the mounting chunk and its imports; not the other dynamic imports', () => {
    expect(firstLoadFiles(manifest)).toEqual({
      js: ['assets/index-1.js', 'assets/mount-2.js', 'assets/react-4.js'],
      css: ['assets/index-1.css', 'assets/mount-2.css'],
    });
  });
});
