/**
 * The relay's table (docs/API.md 'Market sources'): the last value per key of each list an upstream feeds, and the
 * ticks not yet handed to the hub. An update reaches the table only when its key is one of the lists' (`unknown_pair`
 * otherwise), its price is a decimal > 0, its change a decimal and its volume a decimal ≥ 0 (`bad_value`), and it is
 * not older than the key's last accepted update (`out_of_order`) nor stamped more than MAX_CLOCK_SKEW_MS ahead of this
 * server's clock (`bad_value`); the caller counts the reason returned. The pending ticks are coalesced (one per key)
 * and flushed to the hub every `flushMs` while started.
 */
import type { LiveList, LiveTick } from '../../common/wire/live.ts';
import type { EmitBatch, TickBatch, TickSource } from '../live/source.ts';
import type { MarketStore } from '../market-data/store.ts';
import type { UpstreamMetrics } from './metrics.ts';
import type { DropReason } from './metrics.ts';

const DECIMAL_RE = /^-?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?$/i;
/** Longest decimal string accepted from upstream (a 1 MB "price" never reaches a browser). */
const MAX_DECIMAL_CHARS = 40;

/** True when `v` is a finite decimal string of reasonable length. */
export function isDecimal(v: string): boolean {
  return v.length <= MAX_DECIMAL_CHARS && DECIMAL_RE.test(v) && Number.isFinite(Number(v));
}

/** `text` parsed as JSON, or undefined when it is not JSON (no JSON text parses to undefined). */
export function parseFrame(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** An update stamped further ahead of this server's clock than this is a bad value (it would block the pair's later
 * updates as out of order), ms. */
export const MAX_CLOCK_SKEW_MS = 60_000;

/** Default period of the flush to the hub, ms (half the walk's step: an update waits 25 ms on average to go out). */
export const RELAY_FLUSH_MS = 50;

/** Last values and pending ticks of the lists one upstream feeds. */
export class TickTable {
  private readonly last = new Map<LiveList, Map<string, { tick: LiveTick; at: number }>>();
  private pending: TickBatch = {};

  /**
   * `known(list, key)`: whether the key is a row of the lists served now.
   */
  constructor(private readonly known: (list: LiveList, key: string) => boolean) {}

  /** Takes `tick` of `list`, produced upstream at `at` (ms since epoch); null when kept, else why it was dropped. */
  accept(list: LiveList, tick: LiveTick, at: number): DropReason | null {
    const [key, price, change, volume] = tick;
    if (!this.known(list, key)) return 'unknown_pair';
    if (!isDecimal(price) || !(Number(price) > 0) || !isDecimal(change)) return 'bad_value';
    if (!isDecimal(volume) || Number(volume) < 0) return 'bad_value';
    if (!Number.isFinite(at) || at > Date.now() + MAX_CLOCK_SKEW_MS) return 'bad_value';
    let rows = this.last.get(list);
    if (!rows) this.last.set(list, (rows = new Map()));
    const previous = rows.get(key);
    if (previous && at < previous.at) return 'out_of_order';
    rows.set(key, { tick, at });
    let out = this.pending[list];
    if (!out) this.pending[list] = out = new Map();
    out.delete(key);
    out.set(key, tick);
    return null;
  }

  /** The last accepted tick per key of `list`. */
  values(list: LiveList): Map<string, LiveTick> {
    return new Map([...(this.last.get(list) ?? [])].map(([k, v]) => [k, v.tick]));
  }

  /** The ticks accepted since the last call (coalesced), and clears them. */
  take(): TickBatch {
    const out = this.pending;
    this.pending = {};
    return out;
  }
}

/** Flushes `table`'s pending ticks to `emit` every `flushMs`; returns the stop function. */
export function flushEvery(table: TickTable, emit: EmitBatch, flushMs = RELAY_FLUSH_MS): () => void {
  const timer = setInterval(() => {
    const batch = table.take();
    if (Object.keys(batch).length) emit(batch);
  }, flushMs);
  return () => clearInterval(timer);
}

/** The settings every upstream socket source takes (docs/SETTINGS.md 'Server settings: market sources'). */
export interface RelayOptions {
  /** The lists served now: which pairs to ask for and to accept. */
  store: MarketStore;
  metrics: UpstreamMetrics;
  /** UPSTREAM_PING_MS, UPSTREAM_HEARTBEAT_MS. */
  pingMs: number;
  heartbeatMs: number;
  /** Reconnect backoff: first step and cap, ms (defaults 1,000 and 30,000). */
  reconnectBaseMs?: number;
  reconnectCapMs?: number;
  /** Period of the batches to the hub, ms (default RELAY_FLUSH_MS). */
  flushMs?: number;
  /** Where the state-change lines go (default console.info). */
  log?: (line: string) => void;
}

/** An upstream socket source, with its table (tests read the last value per pair). */
export interface RelaySource extends TickSource {
  readonly table: TickTable;
}
