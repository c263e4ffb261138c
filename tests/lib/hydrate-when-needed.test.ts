// When a server-rendered part (the footer) fetches its code: first intent then idle, the pointer entering it at once
// (also while that idle wait runs), the page's own scroll only, and at once without the element.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { whenNeeded } from '../../src/lib/hydrate-when-needed.ts';

class FakeNode {}

/** A document whose `[data-part]` element contains `inside`; events are dispatched with a chosen target. */
function setUp(withPart = true) {
  const doc = new EventTarget() as EventTarget & { querySelector(s: string): unknown };
  const inside = new FakeNode();
  const outside = new FakeNode();
  const part = { contains: (n: unknown) => n === inside };
  doc.querySelector = () => (withPart ? part : null);
  const idle: Array<() => void> = [];
  vi.stubGlobal('Node', FakeNode);
  vi.stubGlobal('document', doc);
  vi.stubGlobal('requestIdleCallback', (cb: () => void) => idle.push(cb));
  const fire = (type: string, target: unknown) => {
    const e = new Event(type);
    Object.defineProperty(e, 'target', { value: target });
    doc.dispatchEvent(e);
  };
  let resolved = false;
  const wait = whenNeeded('[data-part]').then(() => (resolved = true));
  const settled = async () => {
    await Promise.resolve();
    await Promise.resolve();
    return resolved;
  };
  return { doc, inside, outside, idle, fire, wait, settled };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('whenNeeded (code split by first use)', () => {
  it('resolves at once when the page has no such part (a client-rendered page)', async () => {
    const { settled } = setUp(false);
    expect(await settled()).toBe(true);
  });

  it('waits for an intent, then for the next idle period', async () => {
    const { fire, idle, settled, outside } = setUp();
    expect(await settled()).toBe(false);
    fire('keydown', outside);
    expect(await settled()).toBe(false);
    expect(idle).toHaveLength(1);
    fire('pointerdown', outside);
    expect(idle).toHaveLength(1);
    idle[0]!();
    expect(await settled()).toBe(true);
  });

  it('resolves at once when the pointer enters the part, also while the idle wait after an intent runs', async () => {
    const { fire, idle, settled, inside, outside } = setUp();
    fire('keydown', outside);
    fire('pointerover', outside);
    expect(await settled()).toBe(false);
    fire('pointerover', inside);
    expect(await settled()).toBe(true);
    // The idle callback that comes later changes nothing.
    idle[0]!();
    expect(await settled()).toBe(true);
  });

  it("counts the page's own scroll, not a scroll inside an element (a market list)", async () => {
    const { doc, fire, idle, settled, outside } = setUp();
    fire('scroll', outside);
    expect(idle).toHaveLength(0);
    fire('scroll', doc);
    expect(idle).toHaveLength(1);
    idle[0]!();
    expect(await settled()).toBe(true);
  });
});
