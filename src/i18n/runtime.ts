/**
 * The translation runtime (SPEC §3 locales): catalogues by locale and namespace, lookup with an English fallback,
 * `{{name}}` interpolation and plural families (`key_one`, `key_other`, … chosen by `Intl.PluralRules` for a numeric
 * `count`) — the i18next v4 JSON format our catalogues are written in, so the catalogues, `scripts/i18n-missing.mjs`
 * and translators' tools keep working. Framework-free; the React binding is ./react.tsx.
 *
 * Why not i18next: the header uses a small part of it (`t` with interpolation, namespaces, lazily loaded
 * catalogues, a fallback locale) and i18next with react-i18next was 18 KB gzip of a 100 KB first-load budget
 * (docs/BENCHMARKS.md 'Page load'). This is about 1 KB, and every behaviour the header relies on is tested
 * (tests/i18n/runtime.test.ts).
 */

/** A catalogue: nested objects of strings (`{ menu: { trigger: 'Settings' } }`). */
export type Catalogue = Record<string, unknown>;

/** Loads one catalogue; rejects when it cannot (the caller swallows and logs). */
export type CatalogueLoader = (locale: string, ns: string) => Promise<Catalogue>;

/** Values for `{{name}}` placeholders; a numeric `count` also picks the plural form. */
export type TranslateValues = Record<string, string | number | null | undefined>;

/** `t(key, values)`: the string for `key` (`ns:path` or a path in the default namespace), never throws. */
export type TFunction = (key: string, values?: TranslateValues) => string;

/** What a translator starts with. */
export interface TranslatorSetup {
  /** The page's locale. */
  locale: string;
  /** The locale strings fall back to when the page locale lacks them (English). */
  fallbackLocale: string;
  /** Catalogues already in memory, by locale then namespace. */
  resources?: Record<string, Record<string, Catalogue>>;
  /** Loads a namespace that is not in memory (absent: nothing loads). */
  load?: CatalogueLoader;
  /** Called once per namespace and key for a string the page locale lacks (the client loads English then). */
  onMissingKey?: (ns: string, key: string) => void;
}

const PLACEHOLDER = /\{\{\s*([\w.]+)\s*\}\}/g;

/**
 * Translator for one locale. `version(namespaces)` changes whenever a catalogue of one of those namespaces is added
 * or the page is asked to re-render (`refresh`), which is what the React binding subscribes to.
 */
export class Translator {
  /** The page's locale. */
  readonly language: string;
  readonly fallbackLocale: string;
  /** True once the namespaces the page started with are in memory (or failed to load). */
  isInitialized = false;
  private readonly store: Record<string, Record<string, Catalogue>> = {};
  private readonly revisions = new Map<string, number>();
  private readonly loading = new Map<string, Promise<void>>();
  private readonly listeners = new Set<() => void>();
  private readonly load?: CatalogueLoader;
  private readonly onMissingKey?: (ns: string, key: string) => void;
  private readonly plurals = new Map<string, Intl.PluralRules>();
  private generation = 0;
  /** Namespaces asked for since `recordNamespaces()` (a server render's list), or null when not recording. */
  private used: Set<string> | null = null;

  constructor(setup: TranslatorSetup) {
    this.language = setup.locale;
    this.fallbackLocale = setup.fallbackLocale;
    this.load = setup.load;
    this.onMissingKey = setup.onMissingKey;
    for (const [lng, byNs] of Object.entries(setup.resources ?? {}))
      for (const [ns, catalogue] of Object.entries(byNs))
        this.store[lng] = { ...this.store[lng], [ns]: catalogue };
  }

  /**
   * The string for `key` in `defaultNs` (or the namespace before a `:`), in the page locale, else the fallback
   * locale, else the key's path itself. `{{name}}` is replaced by `values.name` (nothing when absent: never the
   * placeholder). Pure apart from the missing-key report; never throws.
   */
  t(key: string, values?: TranslateValues, defaultNs = 'common'): string {
    const colon = key.indexOf(':');
    const ns = colon > 0 ? key.slice(0, colon) : defaultNs;
    const path = colon > 0 ? key.slice(colon + 1) : key;
    let text = this.lookup(this.language, ns, path, values);
    if (text === undefined && this.language !== this.fallbackLocale) {
      this.onMissingKey?.(ns, path);
      text = this.lookup(this.fallbackLocale, ns, path, values);
    }
    if (text === undefined) return path;
    return values ? text.replace(PLACEHOLDER, (_, name: string) => String(values[name] ?? '')) : text;
  }

  private lookup(lng: string, ns: string, path: string, values?: TranslateValues): string | undefined {
    const catalogue = this.store[lng]?.[ns];
    if (!catalogue) return undefined;
    const count = values?.count;
    if (typeof count === 'number') {
      const form = this.pluralRules(lng).select(count);
      const plural = resolvePath(catalogue, `${path}_${form}`) ?? resolvePath(catalogue, `${path}_other`);
      if (plural !== undefined) return plural;
    }
    return resolvePath(catalogue, path);
  }

  private pluralRules(lng: string): Intl.PluralRules {
    let rules = this.plurals.get(lng);
    if (!rules) {
      try {
        rules = new Intl.PluralRules(lng);
      } catch {
        rules = new Intl.PluralRules('en');
      }
      this.plurals.set(lng, rules);
    }
    return rules;
  }

  /** True when a catalogue for `ns` in `lng` is in memory. */
  hasResourceBundle(lng: string, ns: string): boolean {
    return this.store[lng]?.[ns] !== undefined;
  }

  /** The catalogue for `ns` in `lng`, or undefined. */
  getResourceBundle(lng: string, ns: string): Catalogue | undefined {
    return this.store[lng]?.[ns];
  }

  /** Adds (or replaces) the catalogue for `ns` in `lng`; components using `ns` re-render. */
  addResourceBundle(lng: string, ns: string, catalogue: Catalogue): void {
    this.store[lng] = { ...this.store[lng], [ns]: catalogue };
    this.bump(ns);
  }

  /** Removes the catalogue for `ns` in `lng` (tests; a later `loadNamespaces` loads it again). */
  removeResourceBundle(lng: string, ns: string): void {
    if (this.store[lng]) delete this.store[lng][ns];
    this.bump(ns);
  }

  /**
   * Loads the page locale's catalogues for `namespaces` that are not in memory, at most once at a time each.
   * Resolves when all have arrived or failed; a failure is logged and leaves the keys falling back (SPEC §8), and a
   * later call tries again.
   */
  loadNamespaces(namespaces: readonly string[]): Promise<void> {
    return Promise.all(namespaces.map((ns) => this.loadCatalogue(this.language, ns))).then(() => undefined);
  }

  /** Loads `ns` in `lng` once (see loadNamespaces); resolves, never rejects. */
  loadCatalogue(lng: string, ns: string): Promise<void> {
    if (this.hasResourceBundle(lng, ns) || !this.load) return Promise.resolve();
    const id = `${lng}/${ns}`;
    let pending = this.loading.get(id);
    if (!pending) {
      pending = this.load(lng, ns).then(
        (catalogue) => {
          this.loading.delete(id);
          this.addResourceBundle(lng, ns, catalogue);
        },
        (err: unknown) => {
          this.loading.delete(id);
          console.warn(`[i18n] catalogue ${id} failed to load; keys fall back`, err);
        },
      );
      this.loading.set(id, pending);
    }
    return pending;
  }

  /** Every component re-renders (after a change that may touch any namespace). */
  refresh(): void {
    this.generation++;
    this.emit();
  }

  /** A value that changes whenever a string of one of `namespaces` may have changed. */
  version(namespaces: readonly string[]): number {
    let v = this.generation;
    for (const ns of namespaces) v += this.revisions.get(ns) ?? 0;
    return v;
  }

  /** Calls `listener` after every change; returns the unsubscribe function. */
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  /** Starts a fresh list of the namespaces components ask for (a server render records what it used). */
  recordNamespaces(): void {
    this.used = new Set();
  }

  /** The namespaces asked for since `recordNamespaces()`, in first-use order. */
  usedNamespaces(): string[] {
    return [...(this.used ?? [])];
  }

  /** Notes that a component uses `namespaces` (only while recording). */
  noteUse(namespaces: readonly string[]): void {
    if (this.used) for (const ns of namespaces) this.used.add(ns);
  }

  private bump(ns: string): void {
    this.revisions.set(ns, (this.revisions.get(ns) ?? 0) + 1);
    this.emit();
  }

  private emit(): void {
    for (const listener of [...this.listeners]) listener();
  }
}

/** The string at dotted `path` in `catalogue`, or undefined when absent or not a string. */
export function resolvePath(catalogue: Catalogue, path: string): string | undefined {
  if (typeof catalogue[path] === 'string') return catalogue[path];
  let node: unknown = catalogue;
  for (const part of path.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}
