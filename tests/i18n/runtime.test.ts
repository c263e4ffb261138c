// The translation runtime and its React binding (src/i18n/runtime.ts, src/i18n/react.tsx; SPEC §3 locales):
// lookup, fallback, interpolation, plurals, lazy catalogues and their failures, per-namespace change versions, and the
// server render's record of used namespaces.
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { I18nProvider, useTranslation } from '../../src/i18n/react.tsx';
import { resolvePath, Translator, type Catalogue } from '../../src/i18n/runtime.ts';

const en = {
  common: {
    hello: 'Hello',
    greet: 'Hi {{name}}, {{ name }}!',
    nested: { deep: { key: 'Deep' } },
    obj: { a: 'x' },
  },
  nav: {
    'dotted.key': 'Dotted',
    only: 'Only English',
    items_one: '{{count}} item',
    items_other: '{{count}} items',
  },
};
const ar = {
  common: { hello: 'مرحبا' },
  nav: {
    items_zero: 'لا عناصر',
    items_two: 'عنصران',
    items_few: '{{count}} عناصر',
    items_other: '{{count}} عنصر',
  },
};

function arabic(extra: Partial<ConstructorParameters<typeof Translator>[0]> = {}) {
  return new Translator({ locale: 'ar', fallbackLocale: 'en', resources: { en, ar }, ...extra });
}

describe('Translator.t', () => {
  it('finds nested paths, dotted keys and `ns:key`, in the default namespace unless named', () => {
    const i18n = new Translator({ locale: 'en', fallbackLocale: 'en', resources: { en } });
    expect(i18n.t('hello')).toBe('Hello');
    expect(i18n.t('nested.deep.key')).toBe('Deep');
    expect(i18n.t('nav:dotted.key')).toBe('Dotted');
    expect(i18n.t('only', undefined, 'nav')).toBe('Only English');
    expect(i18n.t('common:hello', undefined, 'nav')).toBe('Hello');
  });

  it('gives the key path for a missing string, an object, or an unknown namespace', () => {
    const i18n = new Translator({ locale: 'en', fallbackLocale: 'en', resources: { en } });
    expect(i18n.t('nope')).toBe('nope');
    expect(i18n.t('obj')).toBe('obj');
    expect(i18n.t('search:title')).toBe('title');
  });

  it('interpolates every placeholder, and nothing (never the placeholder) for an absent value', () => {
    const i18n = new Translator({ locale: 'en', fallbackLocale: 'en', resources: { en } });
    expect(i18n.t('greet', { name: '<b>Ann</b>' })).toBe('Hi <b>Ann</b>, <b>Ann</b>!');
    expect(i18n.t('greet', {})).toBe('Hi , !');
    expect(i18n.t('greet', { name: 0 })).toBe('Hi 0, 0!');
  });

  it('falls back to English and reports the missing key once per call', () => {
    const onMissingKey = vi.fn();
    const i18n = arabic({ onMissingKey });
    expect(i18n.t('hello')).toBe('مرحبا');
    expect(onMissingKey).not.toHaveBeenCalled();
    expect(i18n.t('nav:only')).toBe('Only English');
    expect(onMissingKey).toHaveBeenCalledWith('nav', 'only');
  });

  it('picks the plural form of the locale for a numeric count', () => {
    const english = new Translator({ locale: 'en', fallbackLocale: 'en', resources: { en } });
    expect(english.t('nav:items', { count: 1 })).toBe('1 item');
    expect(english.t('nav:items', { count: 5 })).toBe('5 items');
    const i18n = arabic();
    expect(i18n.t('nav:items', { count: 0 })).toBe('لا عناصر');
    expect(i18n.t('nav:items', { count: 2 })).toBe('عنصران');
    expect(i18n.t('nav:items', { count: 4 })).toBe('4 عناصر');
    // Arabic has no `many` form here: `other` stands in.
    expect(i18n.t('nav:items', { count: 11 })).toBe('11 عنصر');
  });

  it('resolvePath reads a literal dotted key before walking the path', () => {
    expect(resolvePath({ 'a.b': 'flat', a: { b: 'nested' } }, 'a.b')).toBe('flat');
    expect(resolvePath({ a: { b: 'nested' } }, 'a.b')).toBe('nested');
    expect(resolvePath({ a: 'x' }, 'a.b')).toBeUndefined();
  });
});

describe('Translator catalogues', () => {
  it('loads a namespace once for concurrent asks and changes only that namespace’s version', async () => {
    let release: (c: Catalogue) => void = () => undefined;
    const load = vi.fn(() => new Promise<Catalogue>((r) => (release = r)));
    const i18n = new Translator({ locale: 'en', fallbackLocale: 'en', resources: { en }, load });
    const listener = vi.fn();
    const stop = i18n.subscribe(listener);
    const navBefore = i18n.version(['nav']);
    const searchBefore = i18n.version(['search']);
    const a = i18n.loadNamespaces(['search']);
    const b = i18n.loadNamespaces(['search', 'nav']);
    expect(load).toHaveBeenCalledTimes(1);
    release({ title: 'Search' });
    await Promise.all([a, b]);
    expect(i18n.t('search:title')).toBe('Search');
    expect(i18n.version(['nav'])).toBe(navBefore);
    expect(i18n.version(['search'])).not.toBe(searchBefore);
    expect(listener).toHaveBeenCalledTimes(1);
    stop();
    i18n.refresh();
    expect(listener).toHaveBeenCalledTimes(1);
    expect(i18n.version(['nav'])).not.toBe(navBefore);
  });

  it('logs a failed load, keeps the keys, and tries again on the next ask', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const load = vi
      .fn<(lng: string, ns: string) => Promise<Catalogue>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce({ title: 'Search' });
    const i18n = new Translator({ locale: 'en', fallbackLocale: 'en', load });
    await expect(i18n.loadNamespaces(['search'])).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalledOnce();
    expect(i18n.t('search:title')).toBe('title');
    await i18n.loadNamespaces(['search']);
    expect(i18n.t('search:title')).toBe('Search');
    expect(load).toHaveBeenCalledTimes(2);
    warn.mockRestore();
  });

  it('does not load what is in memory, and nothing without a loader', async () => {
    const load = vi.fn(() => Promise.resolve({}));
    const i18n = arabic({ load });
    await i18n.loadNamespaces(['common']);
    expect(load).not.toHaveBeenCalled();
    await expect(arabic().loadNamespaces(['search'])).resolves.toBeUndefined();
  });
});

describe('useTranslation in a server render', () => {
  function Probe() {
    const { t } = useTranslation(['nav', 'common']);
    const { t: tc } = useTranslation();
    return createElement('p', null, `${t('only')}|${t('common:hello')}|${tc('greet', { name: 'A' })}`);
  }

  it('translates with the provider’s translator and records the namespaces the render used', () => {
    const i18n = arabic();
    i18n.recordNamespaces();
    const html = renderToString(createElement(I18nProvider, { i18n, children: createElement(Probe) }));
    expect(html).toBe('<p>Only English|مرحبا|Hi A, A!</p>');
    expect(i18n.usedNamespaces()).toEqual(['nav', 'common']);
    i18n.recordNamespaces();
    expect(i18n.usedNamespaces()).toEqual([]);
  });
});
