/**
 * React binding of the translation runtime (./runtime.ts; SPEC §3 locales). A server render passes its translator
 * through `I18nProvider`; the client uses the page's translator (./index.ts) without a provider.
 */
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import type { TFunction, Translator } from './runtime.ts';
import { clientTranslator } from './index.ts';

const TranslatorContext = createContext<Translator | null>(null);

/** Gives `children` the translator `i18n` (the server render's, for one locale). */
export function I18nProvider({ i18n, children }: { i18n: Translator; children: ReactNode }) {
  return <TranslatorContext.Provider value={i18n}>{children}</TranslatorContext.Provider>;
}

/**
 * `{ t }` for `ns` (the first of a list is `t`'s default namespace; `common` when absent): `t('key')` or
 * `t('other:key')`. The component re-renders when a catalogue of one of its namespaces arrives. A namespace not in
 * memory is loaded after the commit (never during a render, never suspending): until then `t` gives the English
 * fallback or the key. Never throws.
 */
export function useTranslation(ns?: string | readonly string[]): { t: TFunction } {
  const i18n = useContext(TranslatorContext) ?? clientTranslator();
  const namespaces: readonly string[] = ns === undefined ? ['common'] : typeof ns === 'string' ? [ns] : ns;
  const key = namespaces.join(',');
  i18n.noteUse(namespaces);
  const version = useSyncExternalStore(
    i18n.subscribe,
    () => i18n.version(namespaces),
    () => i18n.version(namespaces),
  );
  useEffect(() => {
    if (!i18n.isInitialized) return;
    const missing = key.split(',').filter((n) => !i18n.hasResourceBundle(i18n.language, n));
    if (missing.length) void i18n.loadNamespaces(missing);
  }, [i18n, key, version]);
  const defaultNs = namespaces[0];
  // A new `t` when the strings changed, so memoised values that use it are recomputed.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const t = useCallback<TFunction>((k, values) => i18n.t(k, values, defaultNs), [i18n, defaultNs, version]);
  return { t };
}
