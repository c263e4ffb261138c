/**
 * Main-thread side of the market engine. Part of the main bundle: imports the engine only dynamically (fallback).
 * One worker per page, started on first use behind a ready handshake (`init` with a time-out). If a Worker cannot be
 * built (no Worker, CSP), the handshake fails, or `?engine=main` is in the URL, the same engine runs in-thread
 * behind the same interface. A worker that crashes (error event) is restarted once, then the engine runs in-thread.
 */
import * as Comlink from 'comlink';
import type {
  EngineConfig,
  LiveRowsEvent,
  LiveStatusEvent,
  MarketEngineApi,
  MarketKind,
  Unsubscribe,
  VersionEvent,
} from '../../workers/market/contract.ts';
import { parseRoute } from '../../common/domain/route.ts';
import { createListeners, type Listeners } from '../../common/listeners.ts';
import { csrfToken } from '../lib/cookies.ts';

/** Where the engine runs. */
export type EngineRealm = 'worker' | 'main';
/** Time the worker gets to answer `init` before the in-thread fallback takes over. */
export const INIT_TIMEOUT_MS = 5000;
/** Worker restarts after a crash before falling back to in-thread. */
export const MAX_WORKER_RESTARTS = 1;

/** What the client needs from the page (injected in tests). */
export interface EngineClientOptions {
  config(): EngineConfig;
  /** Builds the worker; may throw (CSP) or return null (no Worker). */
  createWorker(): Worker | null;
  /** Builds the in-thread engine (dynamic import of the core). */
  loadInThread(): Promise<MarketEngineApi>;
  forceMain: boolean;
  initTimeoutMs?: number;
  log?(message: string, detail?: unknown): void;
}

/** A running client: the stable facade, its readiness, and the current realm. */
export interface EngineClient {
  engine: MarketEngineApi;
  ready: Promise<MarketEngineApi>;
  realm(): EngineRealm | null;
}

class WorkerCrashed extends Error {
  readonly code = 'worker-crashed';
}

interface Backend {
  api: MarketEngineApi;
  realm: EngineRealm;
  /** Rejects when the worker crashes (never settles in-thread). */
  crashed: Promise<never>;
  dispose(): void;
}

/** Builds a client. The facade forwards every call to the current backend and retries once across a crash. */
export function createEngineClient(o: EngineClientOptions): EngineClient {
  const log =
    o.log ?? ((message: string, detail?: unknown) => console.warn('[markets]', message, detail ?? ''));
  // The page's one fan-out of the engine's events (common/listeners.ts): one listener per backend, re-attached after
  // a restart, with the page's visibility, live interest and online state replayed to the new backend (ARCHITECTURE.md
  // 'Live lists'). Every list and hub subscribes here and keeps the unsubscribe; a page listener that throws is kept
  // (the next event may be fine) and its error logged.
  const onError = (err: unknown) => log('event listener failed', err);
  const versionEvents = createListeners<VersionEvent>({ onError });
  const fanOut = (event: VersionEvent) => versionEvents.emit(event);
  const liveEvents = createListeners<LiveRowsEvent | LiveStatusEvent>({ onError });
  const liveFanOut = (event: LiveRowsEvent | LiveStatusEvent) => liveEvents.emit(event);
  let liveKinds: MarketKind[] = [];
  let online = true;
  let config: EngineConfig | null = null;
  let visible = true;
  let crashes = 0;
  let current: Promise<Backend>;
  let active: Backend | null = null;
  let realm: EngineRealm | null = null;

  /** Registers the client's one listener of each kind on a new backend and replays the page's state to it. */
  async function attach(
    api: MarketEngineApi,
    listener: (event: VersionEvent) => void,
    live: (event: LiveRowsEvent | LiveStatusEvent) => void,
  ): Promise<void> {
    await api.subscribe(listener);
    await api.subscribeLive(live);
    if (!visible) await api.setVisible(false);
    if (!online) await api.setOnline(false);
    if (liveKinds.length) await api.setLiveInterest(liveKinds);
  }

  async function startWorker(): Promise<Backend> {
    const worker = o.createWorker();
    if (!worker) throw new Error('Worker unavailable');
    let crash!: (err: Error) => void;
    const crashed = new Promise<never>((_, reject) => (crash = reject));
    crashed.catch(() => {});
    const remote = Comlink.wrap<MarketEngineApi>(worker);
    // Remote<T> types listener arguments as proxies; the API is the same (listeners go through Comlink.proxy).
    const api = remote as unknown as MarketEngineApi;
    const backend: Backend = {
      api,
      realm: 'worker',
      crashed,
      dispose: () => {
        remote[Comlink.releaseProxy]();
        worker.terminate();
      },
    };
    let dead = false;
    worker.addEventListener('error', (event) => {
      event.preventDefault?.();
      if (dead) return;
      dead = true;
      if (active === backend) {
        // Replace the backend before failing pending calls, so their retry lands on the new one.
        crashes++;
        log(
          `market worker crashed (${crashes}); ${crashes <= MAX_WORKER_RESTARTS ? 'restarting' : 'going in-thread'}`,
        );
        active = null;
        current = boot();
        backend.dispose();
      }
      crash(new WorkerCrashed(`market worker crashed: ${event.message ?? 'error'}`));
    });
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error('market worker: init timed out')),
        o.initTimeoutMs ?? INIT_TIMEOUT_MS,
      );
    });
    try {
      await Promise.race([api.init(configNow()), crashed, timeout]);
      await Promise.race([attach(api, Comlink.proxy(fanOut), Comlink.proxy(liveFanOut)), crashed, timeout]);
    } catch (err) {
      backend.dispose();
      throw err;
    } finally {
      clearTimeout(timer);
    }
    return backend;
  }

  async function startInThread(): Promise<Backend> {
    const api = await o.loadInThread();
    await api.init(configNow());
    await attach(api, fanOut, liveFanOut);
    return { api, realm: 'main', crashed: new Promise<never>(() => {}), dispose: () => {} };
  }

  async function boot(): Promise<Backend> {
    let b: Backend | null = null;
    if (!o.forceMain && crashes <= MAX_WORKER_RESTARTS) {
      try {
        b = await startWorker();
      } catch (err) {
        log('market worker unavailable; running the engine in-thread', err);
      }
    }
    b ??= await startInThread();
    active = b;
    realm = b.realm;
    return b;
  }

  const configNow = () => (config ??= o.config());

  async function call<T>(fn: (api: MarketEngineApi) => Promise<T>): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      const b = await current;
      try {
        return await Promise.race([fn(b.api), b.crashed]);
      } catch (err) {
        if (!(err instanceof WorkerCrashed) || attempt >= MAX_WORKER_RESTARTS + 1) throw err;
      }
    }
  }

  /** Adds `listener` to `events` once a backend is attached; resolves with its unsubscribe. */
  async function listen<E>(events: Listeners<E>, listener: (event: E) => void): Promise<Unsubscribe> {
    const off = events.add(listener);
    await current;
    return off;
  }

  const engine: MarketEngineApi = {
    init: (next) => {
      config = { ...next };
      return call((api) => api.init(next));
    },
    tabs: (kind) => call((api) => api.tabs(kind)),
    query: (q) => call((api) => api.query(q)),
    rows: (id, start, end) => call((api) => api.rows(id, start, end)),
    closeList: (list) => call((api) => api.closeList(list)),
    searchAll: (request) => call((api) => api.searchAll(request)),
    subscribe: (listener) => listen(versionEvents, listener),
    stats: () => call((api) => api.stats()),
    setVisible: (next) => {
      visible = next;
      return call((api) => api.setVisible(next));
    },
    refresh: (kind: MarketKind) => call((api) => api.refresh(kind)),
    setLiveInterest: (kinds) => {
      liveKinds = [...kinds];
      return call((api) => api.setLiveInterest(kinds));
    },
    setOnline: (next) => {
      online = next;
      return call((api) => api.setOnline(next));
    },
    setStill: (kind, still) => call((api) => api.setStill(kind, still)),
    subscribeLive: (listener) => listen(liveEvents, listener),
    liveStatuses: () => call((api) => api.liveStatuses()),
    favouritesAccount: (uid, signedOut) => call((api) => api.favouritesAccount(uid, signedOut)),
    setFavourite: (list, symbol, label, on) => call((api) => api.setFavourite(list, symbol, label, on)),
    favourites: () => call((api) => api.favourites()),
    adoptFavourites: (uid, server) => call((api) => api.adoptFavourites(uid, server)),
    dropAccountFavourites: () => call((api) => api.dropAccountFavourites()),
  };
  current = boot();
  return { engine, ready: current.then(() => engine), realm: () => realm };
}

/** Engine config from the page: locale and prefix from the path, CSRF token from the `csrf_token` cookie. */
export function pageConfig(): EngineConfig {
  const route = parseRoute(location.pathname);
  return {
    lang: route.locale,
    langPrefix: route.langPrefix,
    csrfToken: csrfToken() ?? '',
    origin: location.origin,
  };
}

/** How an embedded element (docs/EMBED.md) starts the engine: its own worker factory and config overrides. */
export interface EngineEmbedding {
  /** Builds the worker (a same-origin shim of masthead's worker module); may throw (CSP) or return null. */
  createWorker(): Worker | null;
  /** Replaces fields of the page's config (the API origin, the element's locale). */
  config(): Partial<EngineConfig>;
}

let embedding: EngineEmbedding | null = null;

/** Makes the page's engine start as `e` says; call before the engine's first use (src/embed/). */
export function embedEngine(e: EngineEmbedding): void {
  embedding = e;
}

function browserOptions(): EngineClientOptions {
  const e = embedding;
  return {
    config: () => ({ ...pageConfig(), ...e?.config() }),
    createWorker: e
      ? () => e.createWorker()
      : () =>
          typeof Worker === 'undefined'
            ? null
            : new Worker(new URL('../../workers/market/market.worker.ts', import.meta.url), {
                type: 'module',
              }),
    loadInThread: async () => (await import('../../workers/market/in-thread')).createInThreadEngine(),
    forceMain: new URLSearchParams(location.search).get('engine') === 'main',
  };
}

/**
 * The page globals of the test handle. `__MH_TEST_HOOKS__` is set only by a test or benchmark script injected before
 * the page's own scripts (Playwright's `addInitScript`); the app and the server never set it.
 */
interface TestHooksGlobal {
  __MH_TEST_HOOKS__?: unknown;
  __MH_ENGINE__?: MarketEngineApi;
}

let client: EngineClient | null = null;

/**
 * The page's engine (one per page; started on first call). Rejects only if even the in-thread engine fails. When
 * the page opted in to test hooks (`window.__MH_TEST_HOOKS__ === true`, tests and `npm run bench` only), the engine
 * is also `window.__MH_ENGINE__`, so they can read `stats()` and force `refresh()`; a production page has no such
 * handle.
 */
export function getMarketEngine(): Promise<MarketEngineApi> {
  if (!client) {
    client = createEngineClient(browserOptions());
    const engine = client.engine;
    // Favourites follow the session and, signed in, the server (favourites-sync.ts, a chunk of its own: it
    // carries the schema library); a change is saved.
    const sync = import('./favourites-sync.ts').then(
      (m) => m.startFavouritesSync(engine),
      (err: unknown) => console.warn('[favourites] sync not loaded', err),
    );
    const setFavourite = engine.setFavourite;
    engine.setFavourite = async (...args) => {
      const on = await setFavourite(...args);
      void sync.then((s) => s?.changed());
      return on;
    };
    document.addEventListener('visibilitychange', () => {
      void engine.setVisible(document.visibilityState !== 'hidden').catch(() => {});
    });
    // Back online the live ticker reconnects at once; offline it stops trying (ARCHITECTURE.md 'Live lists').
    if (typeof navigator !== 'undefined') {
      const reportOnline = () => void engine.setOnline(navigator.onLine).catch(() => {});
      window.addEventListener('online', reportOnline);
      window.addEventListener('offline', reportOnline);
      if (!navigator.onLine) reportOnline();
    }
    const page = window as unknown as TestHooksGlobal;
    if (page.__MH_TEST_HOOKS__ === true) page.__MH_ENGINE__ = engine;
  }
  return client.ready;
}
