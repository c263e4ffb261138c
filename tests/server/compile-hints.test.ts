// V8's explicit compile hint on the first-load chunks (server/compile-hints.ts): which chunks get it, that it is the
// very first line (after the preload helper's table), and that the source maps stay aligned.
import { describe, expect, it } from 'vitest';
import type { Plugin } from 'vite';
import {
  COMPILE_HINT,
  compileHints,
  firstLoadChunks,
  isVendorChunk,
  shiftMapOneLine,
} from '../../server/compile-hints.ts';
import { MOUNT_CHUNK } from '../../scripts/first-load.mjs';

interface FakeChunk {
  type: 'chunk';
  isEntry: boolean;
  imports: string[];
  code: string;
  map: { mappings: string } | null;
}
const chunk = (code: string, imports: string[] = [], isEntry = false): FakeChunk => ({
  type: 'chunk',
  isEntry,
  imports,
  code,
  map: { mappings: 'AAAA;AACA' },
});

function bundle() {
  return {
    'assets/index.js': chunk(
      'const __vite__mapDeps=1;\nmain()',
      ['assets/react.js', 'assets/runtime.js'],
      true,
    ),
    'assets/react.js': chunk('react()', ['assets/runtime.js']),
    'assets/runtime.js': chunk('runtime()'),
    'assets/MarketPanel.js': chunk('panel()', ['assets/index.js']),
    'assets/index.js.map': { type: 'asset', source: JSON.stringify({ version: 3, mappings: 'AAAA;AACA' }) },
    'assets/index.css': { type: 'asset', source: 'a{}' },
  };
}

/** Runs the plugin's generateBundle on `b` as Vite would, after configResolved with `ssr`. */
function run(b: ReturnType<typeof bundle>, ssr = false) {
  const plugin = compileHints() as Plugin & {
    configResolved: (c: unknown) => void;
    generateBundle: { handler: (o: unknown, b: unknown) => void };
  };
  plugin.configResolved({ build: { ssr } });
  plugin.generateBundle.handler({}, b);
  return b;
}

describe('firstLoadChunks', () => {
  it('is the entries and their static imports, transitively; never a lazy chunk or an asset', () => {
    expect([...firstLoadChunks(bundle())].sort()).toEqual([
      'assets/index.js',
      'assets/react.js',
      'assets/runtime.js',
    ]);
  });

  it("also roots at the page's mounting chunk (a dynamic import of the entry that the page preloads)", () => {
    const b = {
      'index.js': chunk('main()', [], true),
      'mount.js': { ...chunk('mount()', ['react.js', 'index.js']), name: MOUNT_CHUNK },
      'react.js': chunk('react()'),
      'lazy.js': { ...chunk('lazy()', ['mount.js']), name: 'SearchModal' },
    };
    expect([...firstLoadChunks(b)].sort()).toEqual(['index.js', 'mount.js', 'react.js']);
  });

  it('is empty without an entry chunk', () => {
    expect(firstLoadChunks({ 'a.js': chunk('x') }).size).toBe(0);
  });
});

describe('compileHints', () => {
  it('puts the hint on the first line of each first-load chunk, before the preload table, once', () => {
    const b = run(bundle());
    expect(b['assets/index.js'].code).toBe(`${COMPILE_HINT}const __vite__mapDeps=1;\nmain()`);
    expect(b['assets/react.js'].code.startsWith(COMPILE_HINT)).toBe(true);
    expect(b['assets/runtime.js'].code.startsWith(COMPILE_HINT)).toBe(true);
    expect(b['assets/MarketPanel.js'].code).toBe('panel()');
    // A second pass (another output of the same build) adds nothing.
    run(b);
    expect(b['assets/index.js'].code.split(COMPILE_HINT).length).toBe(2);
  });

  it('shifts the maps by the one added line (the chunk map and the emitted .map file)', () => {
    const b = run(bundle());
    expect(b['assets/index.js'].map!.mappings).toBe(';AAAA;AACA');
    expect(JSON.parse(b['assets/index.js.map'].source).mappings).toBe(';AAAA;AACA');
    expect(b['assets/MarketPanel.js'].map!.mappings).toBe('AAAA;AACA');
  });

  it('leaves a vendor chunk (node_modules only: React) without the hint', () => {
    const b = bundle();
    (b['assets/react.js'] as FakeChunk & { moduleIds: string[] }).moduleIds = [
      '/p/node_modules/react/index.js',
      '/p/node_modules/react-dom/client.js',
    ];
    (b['assets/index.js'] as FakeChunk & { moduleIds: string[] }).moduleIds = [
      '/p/node_modules/valtio/vanilla.mjs',
      '/p/src/main.tsx',
    ];
    run(b);
    expect(b['assets/react.js'].code).toBe('react()');
    expect(b['assets/index.js'].code.startsWith(COMPILE_HINT)).toBe(true);
    expect(isVendorChunk({ moduleIds: [] })).toBe(false);
  });

  it('leaves the server-render build alone', () => {
    const b = run(bundle(), true);
    expect(b['assets/index.js'].code.startsWith(COMPILE_HINT)).toBe(false);
  });

  it('shiftMapOneLine adds an empty generated line', () => {
    expect(shiftMapOneLine({ mappings: '' }).mappings).toBe(';');
  });
});
