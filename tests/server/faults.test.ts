// Fault injection kinds of the e2e server (server/faults.ts): each answers as documented, on the named path only.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Hono } from 'hono';
import { createApp } from '../../server/app.ts';
import { parseFaults } from '../../server/faults.ts';
import { get } from './market-helpers.ts';

const SPOTS = '/apiw/v2/market/spots?exchange_type=ALL';
const TABS = '/apiw/v2/common/tabs?area=web_trade';
const on = (kind: string) => ({ 'X-MH-Faults': `/apiw/v2/market/spots=${kind}` });

let app: Hono;
beforeAll(() => {
  app = createApp({ faults: true });
});

describe('injected faults (server/faults.ts)', () => {
  it('parses every kind and ignores unknown ones', () => {
    const f = parseFaults('/a=500,/b=malformed,/c=code,/d=shape,/e=empty,/f=slow:4500,/g=slow,/h=nonsense');
    expect(Object.fromEntries(f)).toEqual({
      '/a': { kind: '500' },
      '/b': { kind: 'malformed' },
      '/c': { kind: 'code' },
      '/d': { kind: 'shape' },
      '/e': { kind: 'empty' },
      '/f': { kind: 'slow', delayMs: 4500 },
      '/g': { kind: 'slow', delayMs: 6000 },
    });
  });

  it('code: HTTP 200 whose envelope carries code 500', async () => {
    const res = await get(app, SPOTS, on('code'));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ code: 500, message: 'injected fault', data: null });
  });

  it('shape: HTTP 200, code 200, data of the wrong shape', async () => {
    const res = await get(app, SPOTS, on('shape'));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ code: 200, data: { unexpected: 'shape' } });
  });

  it('empty: HTTP 200 with an empty body', async () => {
    const res = await get(app, SPOTS, on('empty'));
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('');
  });

  it('applies to the named path only', async () => {
    const res = await get(app, TABS, on('empty'));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ code: 200 });
  });
});
