// The page loader's early input (src/loader/early-input.ts) and the app's side of it (src/loader/held-input.ts):
// clicks held per part and replayed, search shortcuts held until the launcher takes them, the mouse's resting
// element answered to a mounting trigger. On a DOM stand-in (tests/loader/fake-dom.ts).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HYDRATED_EVENT } from '../../common/page-loader.ts';
import { PAGE_HOLD_MS, start } from '../../src/loader/early-input.ts';
import { pointerRestsOn, takeHeldSearch } from '../../src/loader/held-input.ts';
import { FakeDocument, type FakeElement, input, key } from './fake-dom.ts';

const win = {
  setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms),
  CSS: { escape: (s: string) => s },
};

let doc: FakeDocument;
let button: FakeElement;
let trigger: FakeElement;
let footerButton: FakeElement;
let footerLink: FakeElement;

beforeEach(() => {
  vi.useFakeTimers();
  doc = new FakeDocument();
  button = doc.el('button', { 'data-testid': 'nav-buy' });
  trigger = doc.el('button', { 'data-testid': 'nav-trade' }, doc.el('span'));
  footerButton = doc.el('button', { 'data-testid': 'footer-lang' });
  footerLink = doc.el('a', { href: '/x', 'data-key': 'terms' });
  doc.body.append(
    doc.el('header', {}, button, trigger, doc.el('input', { type: 'text' })),
    doc.el('footer', { 'data-hydrates': 'footer', 'data-hold-links': '' }, footerButton, footerLink),
  );
  start(doc as unknown as Document, win);
  vi.stubGlobal('document', doc);
  vi.stubGlobal('matchMedia', (q: string) => ({ matches: q === '(hover: hover)' }));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const click = (target: FakeElement) => doc.fire(input('click'), target);
const hydrated = (part?: string) =>
  doc.fire(part ? new CustomEvent(HYDRATED_EVENT, { detail: part }) : new Event(HYDRATED_EVENT));
/** The part says it is hydrated, and the replay's task has run. */
const hydratedAndReplayed = (part?: string) => {
  hydrated(part);
  vi.advanceTimersByTime(0);
};
const press = (k: string, mods = {}, target: FakeElement | null = doc.body) => {
  const e = key(k, mods);
  doc.fire(e, target);
  return e;
};

describe('clicks before hydration', () => {
  it('holds a button click (cancelled) and replays it in the task after the page is hydrated', () => {
    expect(click(button)).toBe(false);
    expect(button.clicks).toBe(0);
    hydrated();
    // Hydrated: the app's handlers take clicks at once; the held one is replayed in a task of its own.
    expect(click(trigger)).toBe(true);
    expect(button.clicks).toBe(0);
    vi.advanceTimersByTime(0);
    expect(button.clicks).toBe(1);
    expect(click(button)).toBe(true);
  });

  it('replays only the last click, on the element that replaced it when hydration swapped it', () => {
    click(button);
    click(trigger.children[0]!);
    trigger.detached = true;
    const fresh = doc.el('button', { 'data-testid': 'nav-trade' });
    doc.body.append(fresh);
    hydratedAndReplayed();
    expect(button.clicks).toBe(0);
    expect(fresh.clicks).toBe(1);
  });

  it('leaves links and submit buttons alone outside a part that holds links', () => {
    const link = doc.el('a', { href: '/y' });
    const submit = doc.el('button');
    submit.type = 'submit';
    submit.form = {};
    doc.body.append(link, submit);
    expect(click(link)).toBe(true);
    expect(click(submit)).toBe(true);
  });

  it('holds a part until that part says it is hydrated, links included where the part holds them', () => {
    expect(click(footerLink)).toBe(false);
    hydratedAndReplayed();
    expect(footerLink.clicks).toBe(0);
    footerLink.detached = true;
    const fresh = doc.el('a', { href: '/x', 'data-key': 'terms' });
    doc.querySelector('footer')!.append(fresh);
    hydratedAndReplayed('footer');
    expect(fresh.clicks).toBe(1);
    expect(click(footerButton)).toBe(true);
  });

  it('lets go of the page after PAGE_HOLD_MS without hydration, not of a named part', () => {
    click(button);
    vi.advanceTimersByTime(PAGE_HOLD_MS);
    hydratedAndReplayed();
    expect(button.clicks).toBe(0);
    expect(click(button)).toBe(true);
    expect(click(footerButton)).toBe(false);
  });
});

describe('search shortcuts before hydration', () => {
  it('holds `/` and Ctrl/Cmd+K (default prevented) until the launcher takes it, once', () => {
    for (const [k, mods] of [
      ['/', {}],
      ['k', { ctrlKey: true }],
      ['K', { metaKey: true }],
    ] as const) {
      const e = press(k, mods);
      expect(e.defaultPrevented).toBe(true);
    }
    expect(takeHeldSearch()).toBe(true);
    expect(takeHeldSearch()).toBe(false);
    // Taken: the app's handler owns the keys from now on.
    expect(press('/').defaultPrevented).toBe(false);
    expect(takeHeldSearch()).toBe(false);
  });

  it('does not take `/` typed into a text field', () => {
    doc.activeElement = doc.querySelector('input');
    expect(press('/', {}, doc.activeElement).defaultPrevented).toBe(false);
    expect(takeHeldSearch()).toBe(false);
  });

  it('takes Ctrl+K in a text field (the app rule: anywhere)', () => {
    doc.activeElement = doc.querySelector('input');
    expect(press('k', { ctrlKey: true }, doc.activeElement).defaultPrevented).toBe(true);
    expect(takeHeldSearch()).toBe(true);
  });

  it('ignores other keys, Alt+K and a key composed by an IME', () => {
    press('a');
    press('k', { altKey: true });
    doc.fire(
      input('keydown', { key: '/', ctrlKey: false, metaKey: false, altKey: false, isComposing: true }),
    );
    expect(takeHeldSearch()).toBe(false);
  });

  it('Escape cancels a held shortcut', () => {
    press('/');
    press('Escape');
    expect(takeHeldSearch()).toBe(false);
  });

  it('keeps only the last intent: a click after the shortcut replaces it', () => {
    press('/');
    click(button);
    expect(takeHeldSearch()).toBe(false);
    hydratedAndReplayed();
    expect(button.clicks).toBe(1);
  });

  it('a shortcut after a click drops the click', () => {
    click(button);
    press('k', { ctrlKey: true });
    expect(takeHeldSearch()).toBe(true);
    hydratedAndReplayed();
    expect(button.clicks).toBe(0);
  });

  it('drops a shortcut nobody took once the page is hydrated (no launcher: app webview)', () => {
    press('/');
    hydrated();
    expect(takeHeldSearch()).toBe(false);
    expect(press('/').defaultPrevented).toBe(false);
  });
});

describe('a mouse resting on a trigger', () => {
  const over = (target: FakeElement, pointerType = 'mouse') =>
    doc.fire(input('pointerover', { pointerType }), target);

  it('answers for the trigger the mouse entered (or a child of it), not for another', () => {
    over(trigger.children[0]!);
    expect(pointerRestsOn(trigger as unknown as Element)).toBe(true);
    expect(pointerRestsOn(button as unknown as Element)).toBe(false);
  });

  it('follows the mouse, and forgets it when it leaves the window', () => {
    over(trigger);
    over(button);
    expect(pointerRestsOn(trigger as unknown as Element)).toBe(false);
    doc.fire(input('pointerout', { relatedTarget: null }), button);
    expect(pointerRestsOn(button as unknown as Element)).toBe(false);
  });

  it('ignores touch', () => {
    over(trigger, 'touch');
    expect(pointerRestsOn(trigger as unknown as Element)).toBe(false);
  });

  it('stands the replacement in for a trigger that hydration swapped (same test id)', () => {
    over(trigger.children[0]!);
    trigger.detached = true;
    const fresh = doc.el('button', { 'data-testid': 'nav-trade' });
    expect(pointerRestsOn(fresh as unknown as Element)).toBe(true);
  });

  it('says yes for a :hover trigger, and never where the device cannot hover', () => {
    button.hovered = true;
    expect(pointerRestsOn(button as unknown as Element)).toBe(true);
    vi.stubGlobal('matchMedia', () => ({ matches: false }));
    over(trigger);
    expect(pointerRestsOn(button as unknown as Element)).toBe(false);
    expect(pointerRestsOn(trigger as unknown as Element)).toBe(false);
  });
});
