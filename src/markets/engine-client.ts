/**
 * Main-thread side of the market engine. Part of the main bundle: imports the engine only dynamically (fallback).
 * One worker per page, started on first use behind a ready handshake (`init` with a time-out). If a Worker cannot be
 * built (no Worker, CSP), the handshake fails, or `?engine=main` is in the URL, the same engine runs in-thread
 * behind the same interface. A worker that crashes (error event) is restarted once, then the engine runs in-thread.
 */
import * as Comlink from 'comlink';
import {
  ENGINE_METHODS,
  type EngineConfig,
  type EngineMethod,
  type EngineMethods,
  type LiveRowsEvent,
  type LiveStatusEvent,
  type MarketEngineApi,
  type MarketKind,
  type VersionEvent,
  type WorkerLiveApi,
} from '../../workers/market/contract.ts';
import { parseRoute } from '../../common/domain/route.ts';
import { createListeners } from '../../common/listeners.ts';
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

/** A contract method as the facade calls it (arguments and result erased). */
type AnyMethod = (...args: unknown[]) => Promise<unknown>;

/**
 * Builds a client. The facade is generated from the contract's method list (ENGINE_METHODS): each method forwards
 * to the current backend and retries once across a crash; the page state a new backend must hear (config,
 * visibility, live interest, online) is remembered on the way. The listener registrations stay on the page: version
 * events fan out through one listener set; live events have one receiver (the page's live hub), fed by one message
 * per event on a MessagePort from the worker (no Comlink call, so no reply message) or directly in-thread.
 */
export function createEngineClient(o: EngineClientOptions): EngineClient {
  const log =
    o.log ?? ((message: string, detail?: unknown) => console.warn('[markets]', message, detail ?? ''));
  // A page listener that throws is kept (the next event may be fine) and its error logged.
  const onError = (err: unknown) => log('event listener failed', err);
  const versionEvents = createListeners<VersionEvent>({ onError });
  const fanOut = (event: VersionEvent) => versionEvents.emit(event);
  /** The one receiver of the live events (the page's live hub, src/markets/live-hub.ts). */
  let liveSink: ((event: LiveRowsEvent | LiveStatusEvent) => void) | null = null;
  const toLiveSink = (event: LiveRowsEvent | LiveStatusEvent) => {
    try {
      liveSink?.(event);
    } catch (err) {
      onError(err);
    }
  };
  let liveKinds: MarketKind[] = [];
  let online = true;
  let config: EngineConfig | null = null;
  let visible = true;
  let crashes = 0;
  let current: Promise<Backend>;
  let active: Backend | null = null;
  let realm: EngineRealm | null = null;

  /** Replays the page's state to a new backend (after its listeners are attached). */
  async function replay(api: MarketEngineApi): Promise<void> {
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
    const remote = Comlink.wrap<MarketEngineApi & WorkerLiveApi>(worker);
    // Remote<T> types listener arguments as proxies; the API is the same (listeners go through Comlink.proxy).
    const api = remote as unknown as MarketEngineApi & WorkerLiveApi;
    const live = new MessageChannel();
    live.port1.onmessage = (event: MessageEvent<LiveRowsEvent | LiveStatusEvent>) => toLiveSink(event.data);
    const backend: Backend = {
      api,
      realm: 'worker',
      crashed,
      dispose: () => {
        live.port1.close();
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
    const attach = async () => {
      await api.subscribe(Comlink.proxy(fanOut));
      await api.connectLive(Comlink.transfer(live.port2, [live.port2]));
      await replay(api);
    };
    try {
      await Promise.race([api.init(configNow()), crashed, timeout]);
      await Promise.race([attach(), crashed, timeout]);
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
    await api.subscribe(fanOut);
    await api.subscribeLive(toLiveSink);
    await replay(api);
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

  /** The page state each method leaves for a new backend to hear (replay), by method. */
  const remember = new Map<EngineMethod, (...args: never[]) => void>([
    ['init', (next: EngineConfig) => void (config = { ...next })],
    ['setVisible', (next: boolean) => void (visible = next)],
    ['setLiveInterest', (kinds: MarketKind[]) => void (liveKinds = [...kinds])],
    ['setOnline', (next: boolean) => void (online = next)],
  ]);
  /** The methods served on the page: the listener registrations (resolve once a backend is attached). */
  const local = new Map<EngineMethod, AnyMethod>([
    [
      'subscribe',
      async (listener) => {
        const off = versionEvents.add(listener as (event: VersionEvent) => void);
        await current;
        return off;
      },
    ],
    [
      'subscribeLive',
      async (listener) => {
        const sink = listener as (event: LiveRowsEvent | LiveStatusEvent) => void;
        liveSink = sink;
        await current;
        return () => {
          if (liveSink === sink) liveSink = null;
        };
      },
    ],
  ]);
  const forward =
    (method: EngineMethod): AnyMethod =>
    (...args) => {
      (remember.get(method) as ((...a: unknown[]) => void) | undefined)?.(...args);
      return call((api) => (api[method] as AnyMethod)(...args));
    };
  const facade = Object.fromEntries(
    ENGINE_METHODS.map((method) => [method, local.get(method) ?? forward(method)]),
  ) as unknown as EngineMethods;
  // Assigning the generated facade to the contract checks, at compile time, that ENGINE_METHODS is whole.
  const engine: MarketEngineApi = facade;
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
    config: () => ({ ...pageConfig(), ...e?.config(), ...testKnobs() }),
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

/**
 * The engine's test knobs from `window.__MH_TEST_HOOKS__` when it is an object (ARCHITECTURE.md 'Live lists'):
 * `restFallbackMs` (number) shortens the leader's REST polling period while the live socket is down (the engine
 * clamps it to 500…30000 ms). {} on a production page.
 */
function testKnobs(): Pick<EngineConfig, 'restFallbackMs'> {
  const hooks = (window as unknown as TestHooksGlobal).__MH_TEST_HOOKS__;
  if (typeof hooks !== 'object' || hooks === null) return {};
  const ms = (hooks as { restFallbackMs?: unknown }).restFallbackMs;
  return typeof ms === 'number' ? { restFallbackMs: ms } : {};
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
    // The engine shows the signed-in account's favourites and syncs them with the server itself; the page tells it
    // who is signed in (favourites-sync.ts).
    void import('./favourites-sync.ts').then(
      (m) => m.startFavouritesSync(engine),
      (err: unknown) => console.warn('[favourites] sync not loaded', err),
    );
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
