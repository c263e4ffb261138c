/**
 * The engine's live wiring (ARCHITECTURE.md 'Live lists'): the profile's one socket link (link.ts: leader election,
 * relay) feeding the live side (live.ts: ticks applied in place, the shown windows' changed rows, data states, the
 * leader's REST fallback), over the engine's lists (the source store's tables, the list handles' windows). The live
 * side has one sink: the engine's (a port to the page in the worker, the page's hub in-thread).
 */
import { LIVE_API } from '../../../common/wire/live.ts';
import type { EngineConfig, MarketKind } from '../contract.ts';
import type { EngineDeps } from '../deps.ts';
import type { ListHandles } from '../list-handles.ts';
import type { SourceStore } from '../source-store.ts';
import { createEngineLive, REST_FALLBACK_MS, type EngineLive } from './live.ts';
import { createLiveLink, LIVE_CHANNEL } from './link.ts';

/** Shortest REST fallback period a test may set (EngineConfig.restFallbackMs), ms. */
export const MIN_REST_FALLBACK_MS = 500;

/** What the live wiring needs from the engine. */
export interface LiveWiringOptions {
  deps: EngineDeps;
  /** This engine's id on the live channel. */
  instanceId: string;
  config(): EngineConfig | null;
  sources: Pick<SourceStore, 'get' | 'ensure' | 'revalidate'>;
  handles: Pick<ListHandles, 'watched' | 'format'>;
  /** Re-ranks `kind`'s open queries (a reorder version). */
  resort(kind: MarketKind): void;
  log(message: string, detail?: unknown): void;
}

/** The REST fallback period of `config`: its test knob within [MIN_REST_FALLBACK_MS, REST_FALLBACK_MS], else the
 * default. Pure. */
export function restFallbackMsOf(config: EngineConfig | null): number {
  const ms = config?.restFallbackMs;
  if (typeof ms !== 'number' || !Number.isFinite(ms)) return REST_FALLBACK_MS;
  return Math.min(REST_FALLBACK_MS, Math.max(MIN_REST_FALLBACK_MS, Math.round(ms)));
}

/** Builds the link and the live side over the engine's lists. */
export function createLiveWiring(o: LiveWiringOptions): EngineLive {
  const { deps } = o;
  const openSocket = deps.openSocket ?? null;
  const link = createLiveLink({
    url: () => {
      const config = o.config();
      return config && openSocket ? config.origin.replace(/^http/, 'ws') + LIVE_API.path : null;
    },
    openSocket: (url) => openSocket!(url),
    channel: deps.openChannel?.(LIVE_CHANNEL) ?? null,
    locks: deps.locks ?? null,
    now: deps.now,
    setTimeout: deps.setTimeout,
    clearTimeout: deps.clearTimeout,
    random: deps.random ?? Math.random,
    id: o.instanceId,
    onTicks: (message) => live.ticks(message),
    onResync: (lists) => live.resync(lists),
    onState: (state) => live.socketState(state),
    onLead: () => live.leadershipChanged(),
    log: o.log,
  });
  const live = createEngineLive({
    link,
    now: deps.now,
    setTimeout: deps.setTimeout,
    clearTimeout: deps.clearTimeout,
    table: (kind, key) => o.sources.get(kind).tables.get(key),
    watched: (kind) => o.handles.watched(kind),
    format: (rec, i) => o.handles.format(rec, i),
    resort: o.resort,
    async refetch(kind) {
      if (!o.config()) return false;
      await o.sources.ensure(kind);
      await o.sources.revalidate(kind, true);
      return o.sources.get(kind).failures === 0;
    },
    savedAt: (kind) => o.sources.get(kind).savedAt,
    // Only the tab holding the socket polls REST while it is down; the others re-read the cache it writes (io/share.ts).
    leads: () => link.isLeader(),
    restFallbackMs: () => restFallbackMsOf(o.config()),
  });
  return live;
}
