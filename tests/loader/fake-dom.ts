// A small DOM stand-in for the page loader's tests (no DOM library in this repo's dev dependencies): elements with
// attributes, a parent chain and `closest` for the simple selectors the loader uses (tag, [attr], [attr="v"], a
// descendant pair, comma lists); a document that is an EventTarget; events whose target is set by the caller, the
// way a browser sets the target of an event that bubbles or is captured at the document.

/** One compound selector (`a[href]`, `[data-x="y"]`, `button`) against one element. */
function matchesCompound(el: FakeElement, compound: string): boolean {
  const m = /^([a-z]*)((?:\[[^\]]+\])*)$/i.exec(compound.trim());
  if (!m) throw new Error(`fake-dom: unsupported selector ${compound}`);
  if (m[1] && el.tagName !== m[1].toUpperCase()) return false;
  for (const [, name, value] of m[2]!.matchAll(/\[([\w-]+)(?:="([^"]*)")?\]/g)) {
    const actual = el.getAttribute(name!);
    if (actual === null || (value !== undefined && actual !== value)) return false;
  }
  return true;
}

/** A selector list with at most one descendant combinator per entry. */
function matches(el: FakeElement, selector: string): boolean {
  return selector.split(',').some((part) => {
    const chain = part.trim().split(/\s+/);
    if (!matchesCompound(el, chain[chain.length - 1]!)) return false;
    if (chain.length === 1) return true;
    for (let p = el.parent; p; p = p.parent) if (matchesCompound(p, chain[0]!)) return true;
    return false;
  });
}

export class FakeElement extends EventTarget {
  readonly tagName: string;
  parent: FakeElement | null = null;
  children: FakeElement[] = [];
  /** Taken out of the document (with its subtree), as hydration does to a replaced element. */
  detached = false;
  isContentEditable = false;
  type = '';
  form: object | null = null;
  clicks = 0;
  hovered = false;
  rel = '';
  href = '';
  src = '';
  crossOrigin: string | null = null;
  readonly dataset: Record<string, string> = {};
  private readonly attrs = new Map<string, string>();

  constructor(
    private readonly doc: FakeDocument,
    tag: string,
    attrs: Record<string, string> = {},
  ) {
    super();
    this.tagName = tag.toUpperCase();
    for (const [k, v] of Object.entries(attrs)) this.attrs.set(k, v);
  }
  get isConnected(): boolean {
    if (this.detached) return false;
    return this.parent ? this.parent.isConnected : this.tagName === 'HTML';
  }
  getAttribute(name: string): string | null {
    return this.attrs.get(name) ?? null;
  }
  append(...kids: FakeElement[]): this {
    for (const k of kids) {
      k.parent = this;
      this.children.push(k);
    }
    return this;
  }
  appendChild(kid: FakeElement): FakeElement {
    this.append(kid);
    return kid;
  }
  closest(selector: string): FakeElement | null {
    if (matches(this, selector)) return this;
    return this.parent ? this.parent.closest(selector) : null;
  }
  contains(other: FakeElement): boolean {
    for (let e: FakeElement | null = other; e; e = e.parent) if (e === this) return true;
    return false;
  }
  matches(selector: string): boolean {
    return selector === ':hover' ? this.hovered : matches(this, selector);
  }
  click(): void {
    this.clicks++;
  }
  /** Bubbles to the document (the only ancestor with listeners in these tests). */
  override dispatchEvent(event: Event): boolean {
    super.dispatchEvent(event);
    return event.bubbles ? this.doc.fire(event, this) : !event.defaultPrevented;
  }
  *walk(): Generator<FakeElement> {
    yield this;
    for (const k of this.children) yield* k.walk();
  }
}

export class FakeDocument extends EventTarget {
  cookie = '';
  visibilityState = 'visible';
  activeElement: FakeElement | null = null;
  readonly documentElement = new FakeElement(this, 'html');
  readonly head = new FakeElement(this, 'head');
  readonly body = new FakeElement(this, 'body');

  constructor() {
    super();
    this.documentElement.append(this.head, this.body);
  }
  el(tag: string, attrs: Record<string, string> = {}, ...kids: FakeElement[]): FakeElement {
    return new FakeElement(this, tag, attrs).append(...kids);
  }
  createElement(tag: string): FakeElement {
    return new FakeElement(this, tag);
  }
  querySelectorAll(selector: string): FakeElement[] {
    return [...this.documentElement.walk()].filter((e) => e.isConnected && matches(e, selector));
  }
  querySelector(selector: string): FakeElement | null {
    return this.querySelectorAll(selector)[0] ?? null;
  }
  /** Dispatches `event` at the document as if it had come from `target`; false when a listener cancelled it. */
  fire(event: Event, target: FakeElement | null = null): boolean {
    if (target) Object.defineProperty(event, 'target', { value: target });
    return this.dispatchEvent(event);
  }
}

/** A cancelable event of `type` with extra fields (key, pointerType, relatedTarget…), not yet dispatched. */
export function input(type: string, fields: Record<string, unknown> = {}): Event {
  const e = new Event(type, { cancelable: true, bubbles: true });
  for (const [k, v] of Object.entries(fields)) Object.defineProperty(e, k, { value: v });
  return e;
}

/** A keydown with `key` and modifiers (all false unless given). */
export function key(k: string, mods: Partial<Record<'ctrlKey' | 'metaKey' | 'altKey', boolean>> = {}): Event {
  return input('keydown', { key: k, ctrlKey: false, metaKey: false, altKey: false, ...mods });
}
