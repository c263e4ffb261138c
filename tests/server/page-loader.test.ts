// index.html's inline loader (plain script, CSP-hashed) and the TypeScript modules share three names; a rename on
// one side only would silently turn hydration off, drop early clicks or lose landing attribution.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFERRED_MODULE_TYPE } from '../../server/ssr/html.ts';
import { LANDING_QUERY_KEY } from '../../src/account/signup-query.ts';
import { HYDRATED_EVENT } from '../../src/state/site.ts';

const scripts = [
  ...readFileSync(new URL('../../index.html', import.meta.url), 'utf8').matchAll(
    /<script>([\s\S]*?)<\/script>/g,
  ),
].map((m) => m[1]!);
/** The script that starts the inert hydration scripts (end of body). */
const loader = scripts.find((s) => s.includes('deferHydrationScripts')) ?? '';
/** The script that holds early clicks (head, before any markup). */
const clickHold = scripts.find((s) => s.includes("addEventListener('click'")) ?? '';

describe('index.html loader', () => {
  it('is there, and the click hold comes before the body', () => {
    expect(loader).not.toBe('');
    expect(clickHold).not.toBe('');
    expect(scripts.indexOf(clickHold)).toBeLessThan(scripts.indexOf(loader));
  });
  it('looks for the inert entry type the server writes', () =>
    expect(loader).toContain(`script[type="${DEFERRED_MODULE_TYPE}"]`));
  it('releases held clicks on the event markInteractive fires', () =>
    expect(clickHold).toContain(`'${HYDRATED_EVENT}'`));
  it('holds clicks per part: the page, or a part marked data-hydrates that names itself in the event', () => {
    expect(clickHold).toContain("closest('[data-hydrates]')");
    expect(clickHold).toContain("getAttribute('data-hydrates')");
    expect(clickHold).toContain('e.detail');
  });
  it('keeps the landing query under the key the app reads', () =>
    expect(loader).toContain(`'${LANDING_QUERY_KEY}'`));
});
