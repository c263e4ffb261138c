// The React floor copy's page (scripts/react-floor-copy.ts, docs/BENCHMARKS.md 'Hydration at 4x'): the server's
// page with its first-load modules swapped for the floor's one module, loaded the way the app's are.
import { describe, expect, it } from 'vitest';
import { FLOOR_PATH, reactFloorPage } from '../../scripts/react-floor-copy.ts';

const served = [
  '<head><script>/*theme*/</script>',
  '<script type="mh-deferred-module" crossorigin src="/assets/index-1.js"></script>',
  '<link rel="modulepreload" crossorigin href="/assets/index-1.js" fetchpriority="low">',
  '<link rel="modulepreload" crossorigin href="/assets/react-2.js" fetchpriority="low">',
  '<link rel="icon" href="/favicon.svg"></head><body><div id="root"><header class="site-header"></header></div>',
  '<script>/*page loader*/</script></body>',
].join('');

describe('reactFloorPage', () => {
  it("swaps the entry for the floor's module, keeps it inert for the page loader, and preloads only the floor", () => {
    const page = reactFloorPage(served);
    expect(page).toContain(`<script type="mh-deferred-module" crossorigin src="${FLOOR_PATH}"></script>`);
    expect(page.match(/<link[^>]*modulepreload[^>]*>/g)).toEqual([
      `<link rel="modulepreload" crossorigin href="${FLOOR_PATH}" fetchpriority="low">`,
    ]);
    expect(page).not.toContain('/assets/');
    // Markup, inline scripts and other links stay as served.
    expect(page).toContain('<script>/*theme*/</script>');
    expect(page).toContain('<script>/*page loader*/</script>');
    expect(page).toContain('<link rel="icon" href="/favicon.svg">');
    expect(page).toContain('<header class="site-header"></header>');
  });

  it('takes a live module entry as well (a client-rendered page)', () => {
    const page = reactFloorPage(
      '<script type="module" crossorigin src="/assets/index-1.js"></script>',
      '/f.js',
    );
    expect(page).toBe(
      '<script type="module" crossorigin src="/f.js"></script><link rel="modulepreload" crossorigin href="/f.js" fetchpriority="low">',
    );
  });

  it('throws on a page without exactly one entry script', () => {
    expect(() => reactFloorPage('<p>no scripts</p>')).toThrow(/found 0/);
    const two = '<script type="module" src="/a.js"></script><script type="module" src="/b.js"></script>';
    expect(() => reactFloorPage(two)).toThrow(/found 2/);
  });
});
