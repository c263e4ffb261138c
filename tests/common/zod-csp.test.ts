// zod without its JIT where the Content-Security-Policy applies (common/zod-csp.ts; docs/SECURITY.md 'V3.4'): in a
// page (a document) or a worker (importScripts) the module turns zod's `new Function` fast path off; in node (the
// reference server) it leaves it on. Each case imports the module afresh with that realm's global in place.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { config } from 'zod/mini';

const g = globalThis as { document?: unknown; importScripts?: unknown };

async function jitlessAfterLoad(realm: { document?: unknown; importScripts?: unknown }): Promise<boolean> {
  config({ jitless: false });
  Object.assign(g, realm);
  vi.resetModules();
  await import('../../common/zod-csp.ts');
  return config().jitless === true;
}

afterEach(() => {
  delete g.document;
  delete g.importScripts;
  config({ jitless: false });
});

describe("zod's CSP mode (no eval under the page's Content-Security-Policy)", () => {
  it('is on in a page (a document exists)', async () => {
    expect(await jitlessAfterLoad({ document: {} })).toBe(true);
  });

  it('is on in a worker (importScripts is a function)', async () => {
    expect(await jitlessAfterLoad({ importScripts: () => undefined })).toBe(true);
  });

  it('stays off in node, and where importScripts is not a function', async () => {
    expect(await jitlessAfterLoad({})).toBe(false);
    expect(await jitlessAfterLoad({ importScripts: 'x' })).toBe(false);
  });
});
