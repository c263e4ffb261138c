// The embedded elements' event contract (src/embed/events.ts, docs/EMBED.md 'Events'): which clicks announce a
// navigation, the event's shape (cancelable, bubbling, composed, detail.href), and what cancelling it does.
import { describe, expect, it, vi } from 'vitest';
import {
  dispatchLinkEvent,
  handleLinkClick,
  LANGUAGE_EVENT,
  linkClickOf,
  NAVIGATE_EVENT,
  type ClickLike,
} from '../../src/embed/events.ts';

function anchor(attrs: Record<string, string>, href = 'https://host.example/trade/BTC_USDT') {
  return Object.assign(new EventTarget(), {
    localName: 'a',
    href,
    hasAttribute: (n: string) => n in attrs,
    getAttribute: (n: string) => attrs[n] ?? null,
  });
}
const span = Object.assign(new EventTarget(), {
  localName: 'span',
  getAttribute: () => null,
  hasAttribute: () => false,
});

function click(path: EventTarget[], over: Partial<ClickLike> = {}) {
  let prevented = false;
  return {
    defaultPrevented: false,
    button: 0,
    metaKey: false,
    ctrlKey: false,
    shiftKey: false,
    altKey: false,
    composedPath: () => path,
    preventDefault: () => void (prevented = true),
    prevented: () => prevented,
    ...over,
  };
}

describe('linkClickOf', () => {
  it('finds the link on the composed path, under its inner elements', () => {
    expect(linkClickOf(click([span, anchor({ href: '/x' })]))).toEqual({
      kind: 'navigate',
      href: 'https://host.example/trade/BTC_USDT',
    });
  });
  it('leaves alone what is not a plain same-tab activation', () => {
    const a = anchor({ href: '/x' });
    expect(linkClickOf(click([span]))).toBeNull();
    expect(linkClickOf(click([a], { defaultPrevented: true }))).toBeNull();
    expect(linkClickOf(click([a], { button: 1 }))).toBeNull();
    for (const key of ['metaKey', 'ctrlKey', 'shiftKey', 'altKey'] as const)
      expect(linkClickOf(click([a], { [key]: true }))).toBeNull();
    expect(linkClickOf(click([anchor({ href: '/x', target: '_blank' })]))).toBeNull();
    expect(linkClickOf(click([anchor({ href: '/x', download: '' })]))).toBeNull();
    expect(linkClickOf(click([anchor({})]))).toBeNull();
    expect(linkClickOf(click([anchor({ href: '/x', target: '_self' })]))?.kind).toBe('navigate');
  });
  it('tells a language choice from a link', () => {
    expect(linkClickOf(click([anchor({ href: '/ja', hreflang: 'ja', 'data-locale': 'ja' })]))).toEqual({
      kind: 'language',
      lang: 'ja',
    });
  });
});

describe('dispatchLinkEvent', () => {
  it('dispatches masthead-navigate: cancelable, bubbling, composed, detail.href', () => {
    const host = new EventTarget();
    const seen: CustomEvent[] = [];
    host.addEventListener(NAVIGATE_EVENT, (e) => seen.push(e as CustomEvent));
    expect(dispatchLinkEvent(host, { kind: 'navigate', href: 'https://h.example/a' })).toBe(false);
    expect(seen).toHaveLength(1);
    const [e] = seen;
    expect([e!.cancelable, e!.bubbles, e!.composed, e!.detail]).toEqual([
      true,
      true,
      true,
      { href: 'https://h.example/a' },
    ]);
  });
  it('reports a cancelled event', () => {
    const host = new EventTarget();
    host.addEventListener(NAVIGATE_EVENT, (e) => e.preventDefault());
    expect(dispatchLinkEvent(host, { kind: 'navigate', href: 'https://h.example/a' })).toBe(true);
  });
});

describe('handleLinkClick', () => {
  it('cancels the click only when the host cancelled the navigation', () => {
    const host = new EventTarget();
    const onLanguage = vi.fn();
    const free = click([anchor({ href: '/x' })]);
    handleLinkClick(host, free, onLanguage);
    expect(free.prevented()).toBe(false);
    host.addEventListener(NAVIGATE_EVENT, (e) => e.preventDefault());
    const routed = click([anchor({ href: '/x' })]);
    handleLinkClick(host, routed, onLanguage);
    expect(routed.prevented()).toBe(true);
    expect(onLanguage).not.toHaveBeenCalled();
  });
  it('a language choice never navigates; the element takes it unless the host cancelled', () => {
    const host = new EventTarget();
    const onLanguage = vi.fn();
    const seen: unknown[] = [];
    host.addEventListener(LANGUAGE_EVENT, (e) => seen.push((e as CustomEvent).detail));
    const choice = () => click([anchor({ href: '/de', hreflang: 'de', 'data-locale': 'de' })]);
    const first = choice();
    handleLinkClick(host, first, onLanguage);
    expect([first.prevented(), onLanguage.mock.calls, seen]).toEqual([true, [['de']], [{ lang: 'de' }]]);
    host.addEventListener(LANGUAGE_EVENT, (e) => e.preventDefault());
    const second = choice();
    handleLinkClick(host, second, onLanguage);
    expect([second.prevented(), onLanguage.mock.calls.length]).toEqual([true, 1]);
  });
  it('does nothing for a click the header already handled', () => {
    const host = new EventTarget();
    const listener = vi.fn();
    host.addEventListener(NAVIGATE_EVENT, listener);
    handleLinkClick(host, click([anchor({ href: '/x' })], { defaultPrevented: true }), vi.fn());
    expect(listener).not.toHaveBeenCalled();
  });
});
