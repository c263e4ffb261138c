// The page loader's theme script (src/loader/theme.ts: the rule of src/state/prefs.ts, SPEC §3) and its hydration
// start (src/loader/start-hydration.ts: inert scripts of a server-rendered page come alive after the first paint,
// the landing query is kept). On a DOM stand-in (tests/loader/fake-dom.ts).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFERRED_MODULE_TYPE, LANDING_QUERY_KEY } from '../../common/page-loader.ts';
import { cookieValue, start as startTheme, startsDark } from '../../src/loader/theme.ts';
import { PAINT_CAP_MS, start, type LoaderWindow } from '../../src/loader/start-hydration.ts';
import { FakeDocument } from './fake-dom.ts';

describe('theme before paint', () => {
  it('reads one cookie exactly', () => {
    expect(cookieValue('a=1; theme=2; theme_changed=1', 'theme')).toBe('2');
    expect(cookieValue('xtheme=2', 'theme')).toBeNull();
    expect(cookieValue('', 'theme')).toBeNull();
  });

  it('follows the chosen skin once theme_changed=1, else the system scheme (asked only then)', () => {
    const never = () => {
      throw new Error('system scheme read');
    };
    expect(startsDark('theme=2; theme_changed=1', never)).toBe(true);
    expect(startsDark('theme=0; theme_changed=1', never)).toBe(false);
    expect(startsDark('theme_changed=1', never)).toBe(false);
    expect(startsDark('theme=2', () => false)).toBe(false);
    expect(startsDark('', () => true)).toBe(true);
  });

  it('sets data-theme on the root, and leaves it unset when cookies cannot be read', () => {
    const doc = new FakeDocument();
    doc.cookie = 'theme=2; theme_changed=1';
    startTheme(doc as unknown as Document, { matchMedia: () => ({ matches: false }) as MediaQueryList });
    expect(doc.documentElement.dataset.theme).toBe('dark');
    const blocked = new FakeDocument();
    Object.defineProperty(blocked, 'cookie', {
      get: () => {
        throw new Error('SecurityError');
      },
    });
    startTheme(blocked as unknown as Document, { matchMedia: () => ({ matches: true }) as MediaQueryList });
    expect(blocked.documentElement.dataset.theme).toBeUndefined();
  });
});

describe('hydration start', () => {
  let doc: FakeDocument;
  let stored: Map<string, string>;
  let observers: { cb: (list: unknown, o: { disconnect(): void }) => void; disconnected: boolean }[];
  const win = (over: Partial<LoaderWindow> = {}): LoaderWindow => ({
    setTimeout: (fn, ms) => setTimeout(fn, ms),
    requestAnimationFrame: (fn) => setTimeout(fn, 16),
    location: { search: '?ref=abc' },
    sessionStorage: { setItem: (k: string, v: string) => void stored.set(k, v) },
    PerformanceObserver: class {
      static supportedEntryTypes = ['paint'];
      constructor(cb: (typeof observers)[number]['cb']) {
        observers.push({ cb, disconnected: false });
      }
      observe() {}
    } as unknown as typeof PerformanceObserver,
    ...over,
  });
  const paint = (name: string) => {
    for (const o of observers)
      o.cb(
        { getEntriesByName: (n: string) => (n === name ? [{}] : []) },
        { disconnect: () => (o.disconnected = true) },
      );
  };
  const live = () => ({
    scripts: doc.head.children
      .filter((e) => e.tagName === 'SCRIPT')
      .map((e) => [e.type, e.src, e.crossOrigin]),
    links: doc.head.children.filter((e) => e.tagName === 'LINK').map((e) => [e.rel, e.href]),
  });

  beforeEach(() => {
    vi.useFakeTimers();
    doc = new FakeDocument();
    stored = new Map();
    observers = [];
    doc.body.append(doc.el('script', { type: DEFERRED_MODULE_TYPE, src: '/assets/index-1.js' }));
  });
  afterEach(() => vi.useRealTimers());

  it('starts the inert scripts in the task after the first contentful paint, once', () => {
    start(doc as unknown as Document, win());
    expect(stored.get(LANDING_QUERY_KEY)).toBe('?ref=abc');
    paint('first-paint');
    vi.advanceTimersByTime(0);
    expect(live().scripts).toEqual([]);
    paint('first-contentful-paint');
    expect(observers[0]!.disconnected).toBe(true);
    vi.advanceTimersByTime(0);
    expect(live()).toEqual({
      scripts: [['module', '/assets/index-1.js', '']],
      links: [],
    });
    vi.advanceTimersByTime(PAINT_CAP_MS);
    expect(live().scripts).toHaveLength(1);
  });

  it('starts after PAINT_CAP_MS without a paint, at once in a hidden tab, after a frame without paint timing', () => {
    start(doc as unknown as Document, win());
    vi.advanceTimersByTime(PAINT_CAP_MS - 1);
    expect(live().scripts).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(live().scripts).toHaveLength(1);

    doc.head.children.length = 0;
    doc.visibilityState = 'hidden';
    start(doc as unknown as Document, win());
    vi.advanceTimersByTime(0);
    expect(live().scripts).toHaveLength(1);

    doc.head.children.length = 0;
    doc.visibilityState = 'visible';
    start(doc as unknown as Document, win({ PerformanceObserver: undefined }));
    vi.advanceTimersByTime(17);
    expect(live().scripts).toHaveLength(1);
  });

  it('leaves a client-rendered page alone and survives blocked storage', () => {
    const shell = new FakeDocument();
    start(shell as unknown as Document, win());
    vi.advanceTimersByTime(PAINT_CAP_MS);
    expect(shell.head.children).toEqual([]);
    expect(stored.size).toBe(0);
    const blocked = win({
      sessionStorage: {
        setItem: () => {
          throw new Error('QuotaExceededError');
        },
      },
    });
    expect(() => start(doc as unknown as Document, blocked)).not.toThrow();
  });
});
