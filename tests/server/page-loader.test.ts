// index.html's inline loader (plain script, CSP-hashed) and the TypeScript modules share three names; a rename on
// one side only would silently turn hydration off, drop early clicks or lose landing attribution.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFERRED_MODULE_TYPE } from '../../server/ssr/html.ts';
import { LANDING_QUERY_KEY } from '../../src/account/signup-query.ts';
import { HYDRATED_EVENT } from '../../src/state/site.ts';

const loader = (() => {
  const html = readFileSync(new URL('../../index.html', import.meta.url), 'utf8');
  const scripts = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
  return scripts.find((s) => s.includes('deferHydrationScripts')) ?? '';
})();

describe('index.html loader', () => {
  it('is there', () => expect(loader).not.toBe(''));
  it('looks for the inert entry type the server writes', () =>
    expect(loader).toContain(`script[type="${DEFERRED_MODULE_TYPE}"]`));
  it('releases held clicks on the event markInteractive fires', () =>
    expect(loader).toContain(`'${HYDRATED_EVENT}'`));
  it('keeps the landing query under the key the app reads', () =>
    expect(loader).toContain(`'${LANDING_QUERY_KEY}'`));
});
