// The client's i18n on a server-rendered page (src/i18n/index.ts; SPEC §3 locales): ready synchronously from the
// embedded catalogues, the other namespaces loaded afterwards, English fetched only for a string the locale lacks.
import { afterAll, describe, expect, it } from 'vitest';
import arCommon from '../../src/i18n/locales/ar/common.json';
import arSettings from '../../src/i18n/locales/ar/settings.json';
import arFooter from '../../src/i18n/locales/ar/footer.json';
import enFooter from '../../src/i18n/locales/en/footer.json';
import { HYDRATED_EVENT } from '../../common/page-loader.ts';

// A document that takes listeners: the other namespaces wait for the page's mh:hydrated (onIdleAfterHydration).
const doc = Object.assign(new EventTarget(), { documentElement: { lang: '', dir: '' } });
(globalThis as { document?: unknown }).document = doc;
afterAll(() => void delete (globalThis as { document?: unknown }).document);

const { clientTranslator, initI18n, loadNamespaces } = await import('../../src/i18n/index.ts');

/** Resolves once `check` holds (polled), or fails after `ms`. */
async function until(check: () => boolean, ms = 3000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('initI18n with embedded catalogues', () => {
  // The Arabic footer without its tagline: the render showed English there, so English footer is embedded too.
  const { tagline: _dropped, ...partialFooter } = arFooter as Record<string, unknown>;
  const ready = initI18n('ar', {
    ar: { common: arCommon, settings: arSettings, footer: partialFooter },
    en: { footer: enFooter },
  });
  const i18n = clientTranslator();

  it('is initialised synchronously with the embedded strings and sets lang/dir', async () => {
    expect(i18n.isInitialized).toBe(true);
    expect(i18n.t('settings:menu.trigger')).toBe(arSettings.menu.trigger);
    expect(i18n.t('footer:tagline')).toBe(enFooter.tagline);
    expect(doc.documentElement).toEqual({ lang: 'ar', dir: 'rtl' });
    await expect(ready).resolves.toBe(i18n);
  });

  it('loads the namespaces the render did not use once idle after hydration, in the page locale', async () => {
    expect(i18n.hasResourceBundle('ar', 'search')).toBe(false);
    doc.dispatchEvent(new Event(HYDRATED_EVENT));
    await until(() => i18n.hasResourceBundle('ar', 'search') && i18n.hasResourceBundle('ar', 'account'));
    const arSearch = (await import('../../src/i18n/locales/ar/search.json')).default as Record<
      string,
      unknown
    >;
    expect(i18n.getResourceBundle('ar', 'search')).toEqual(arSearch);
  });

  it('does not fetch English for a namespace the locale covers', async () => {
    await loadNamespaces(['markets']);
    expect(i18n.hasResourceBundle('ar', 'markets')).toBe(true);
    expect(i18n.hasResourceBundle('en', 'markets')).toBe(false);
  });

  it('fetches English for a namespace when a string is missing, then resolves it', async () => {
    const enNav = (await import('../../src/i18n/locales/en/nav.json')).default as Record<string, unknown>;
    const key = Object.keys(enNav).find((k) => typeof enNav[k] === 'string')!;
    const changed = new Promise<void>((resolve) => {
      const stop = i18n.subscribe(() => {
        if (i18n.hasResourceBundle('en', 'nav')) {
          stop();
          resolve();
        }
      });
    });
    // Drop the Arabic string so the key is missing in the page locale.
    i18n.removeResourceBundle('ar', 'nav');
    i18n.addResourceBundle('ar', 'nav', { unrelated: 'x' });
    expect(i18n.t(`nav:${key}`)).toBe(key);
    await changed;
    expect(i18n.t(`nav:${key}`)).toBe(enNav[key]);
  });
});
