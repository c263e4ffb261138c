// The client's i18n in the client-rendered shell (dev, `vite preview`, the SPEC §8 fallback; src/i18n/index.ts):
// every namespace of the locale is loaded before initI18n resolves, so the first render has all its strings.
import { afterAll, describe, expect, it } from 'vitest';
import { NAMESPACES } from '../../src/i18n/index.ts';
import deSettings from '../../src/i18n/locales/de/settings.json';

const doc = { documentElement: { lang: '', dir: '' } };
(globalThis as { document?: unknown }).document = doc;
afterAll(() => void delete (globalThis as { document?: unknown }).document);

const { clientTranslator, initI18n } = await import('../../src/i18n/index.ts');

describe('initI18n without embedded catalogues', () => {
  it('is not ready synchronously, then has every namespace of the locale and no English', async () => {
    const ready = initI18n('de', null);
    const i18n = clientTranslator();
    expect(i18n.isInitialized).toBe(false);
    await ready;
    expect(i18n.isInitialized).toBe(true);
    for (const ns of NAMESPACES) expect(i18n.hasResourceBundle('de', ns), ns).toBe(true);
    expect(i18n.t('settings:menu.trigger')).toBe(deSettings.menu.trigger);
    expect(i18n.hasResourceBundle('en', 'settings')).toBe(false);
    expect(doc.documentElement).toEqual({ lang: 'de', dir: 'ltr' });
  });
});
