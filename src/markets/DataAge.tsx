/**
 * A panel's data-age badge (SPEC §7, §9 refresh; ARCHITECTURE.md 'Live lists'): `[data-testid="market-data-age"]`
 * with `data-state` `live` | `delayed` | `offline`: "Live"; "Delayed · updated 2 min ago"; "Offline · prices as of
 * 12:03". Times are the page locale's (Intl.RelativeTimeFormat, Intl.DateTimeFormat); the strings are the `live`
 * namespace's in every locale. The state is the engine's (live-hub.ts), and offline at once when the browser says so
 * (`navigator.onLine`). The pre-market list has no ticks: it is always delayed, aged from its last fetch. A time is
 * said only when it is known. Not a live region: the state shows, it is not announced on every change.
 */
import { useSyncExternalStore } from 'react';
import type { LiveState, MarketEngineApi, MarketKind } from '../../workers/market/contract.ts';
import { intlLocale, isLocale } from '../../common/domain/locales.ts';
import { useTranslation } from '../i18n/react.tsx';
import type { TFunction } from '../i18n/runtime.ts';
import { pageConfig } from './engine-client.ts';
import { liveHub, type ListDataState } from './live-hub.ts';
import './live.css';

/** How often the shown age is recomputed while it is shown, ms. */
const AGE_EVERY_MS = 5_000;

/** Before the engine is up: delayed, no time (one object, so the snapshot is stable). */
const STARTING: ListDataState = { state: 'delayed', updatedAt: 0 };
const NO_HUB = { subscribe: () => () => {}, state: (): ListDataState => STARTING };

/** `ms` ago as the page locale says it ("2 minutes ago", "now"), in the largest whole unit up to days. */
export function relativeAge(ms: number, locale: string): string {
  const rtf = new Intl.RelativeTimeFormat(locale, { numeric: 'auto', style: 'short' });
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 60) return rtf.format(-s, 'second');
  if (s < 3600) return rtf.format(-Math.floor(s / 60), 'minute');
  if (s < 86_400) return rtf.format(-Math.floor(s / 3600), 'hour');
  return rtf.format(-Math.floor(s / 86_400), 'day');
}

/** `at` (ms since epoch) as a clock time in the page locale, with the date when it is not today. */
export function clockTime(at: number, now: number, locale: string): string {
  const sameDay = new Date(at).toDateString() === new Date(now).toDateString();
  return new Intl.DateTimeFormat(locale, {
    hour: '2-digit',
    minute: '2-digit',
    ...(sameDay ? {} : { month: 'short', day: 'numeric' }),
  }).format(at);
}

/** The clock as the badge reads it, ms since epoch, in steps of AGE_EVERY_MS (a stable snapshot between ticks). */
export function clockNow(): number {
  return Math.floor(Date.now() / AGE_EVERY_MS) * AGE_EVERY_MS;
}

/**
 * Subscribes to the badge clock's steps: `listener` runs just after each AGE_EVERY_MS boundary, so the age shown is
 * under one step behind the data's real age. Returns the unsubscribe function.
 */
export function subscribeClock(listener: () => void): () => void {
  const untilStep = () => AGE_EVERY_MS - (Date.now() % AGE_EVERY_MS);
  let timer = window.setTimeout(function step() {
    listener();
    timer = window.setTimeout(step, untilStep());
  }, untilStep());
  return () => window.clearTimeout(timer);
}

/** No ticks (the live state shows no age). */
function subscribeNever(): () => void {
  return () => {};
}

/** Subscribes to the browser's online state. */
function subscribeOnline(listener: () => void): () => void {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

/**
 * The badge's words for `state` of data from `updatedAt` (ms since epoch; 0: unknown, then no time is said) at `now`,
 * in `locale`, through `t` (the `live` namespace).
 */
export function dataAgeText(
  state: LiveState,
  updatedAt: number,
  now: number,
  locale: string,
  t: TFunction,
): string {
  if (state === 'live') return t('live');
  const known = updatedAt > 0;
  if (state === 'offline')
    return known ? t('offlineAsOf', { time: clockTime(updatedAt, now, locale) }) : t('offline');
  return known ? t('delayedUpdated', { ago: relativeAge(now - updatedAt, locale) }) : t('delayed');
}

/** The badge of list `kind`; `engine` null while the engine starts (the badge then says delayed, no time). */
export function DataAge({ kind, engine }: { kind: MarketKind; engine: MarketEngineApi | null }) {
  const { t } = useTranslation('live');
  const hub = engine ? liveHub(engine) : null;
  const source = hub ? { subscribe: hub.onState, state: hub.state } : NO_HUB;
  const data = useSyncExternalStore(source.subscribe, () => source.state(kind));
  const online = useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );
  const state = online ? data.state : 'offline';
  // The clock the age is counted on: ticks every AGE_EVERY_MS while an age is shown, still while live.
  const now = useSyncExternalStore(state === 'live' ? subscribeNever : subscribeClock, clockNow, clockNow);
  const lang = pageConfig().lang;
  const locale = isLocale(lang) ? intlLocale(lang) : 'en';
  const text = dataAgeText(state, data.updatedAt, now, locale, t);
  return (
    <p className="market-data-age" data-testid="market-data-age" data-state={state}>
      {text}
    </p>
  );
}
