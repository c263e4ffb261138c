/**
 * The engine's live side (SPEC §7 market lists, §9 refresh; ARCHITECTURE.md 'Live lists'): which lists to tick (the
 * lists an open panel or the open search shows, none while the page is hidden), ticks applied in place (apply.ts),
 * the changed rows of each list handle's current window sent to the main thread (at most one message per handle per
 * LIVE_FLUSH_MS, each under MAX_MESSAGE_BYTES, formatted like every other row), the lists' order recomputed at most
 * every RESORT_MS and only while the list is still (every open handle of it re-ranks), REST refreshes every
 * REST_FALLBACK_MS while the socket is down, and each list's data state (live, delayed, offline) with the time of
 * its data.
 *
 * Nothing here writes the cache: ticks live in memory only. The cache keeps the last REST snapshot under the SPEC §5
 * rules (language key, validity), so a tick never touches IndexedDB; a reload starts from that snapshot and the
 * socket brings it up to date within a batch.
 */
import type { LiveList, LiveServerMessage } from '../../../common/wire/live.ts';
import type { ListRow, LiveRowsEvent, LiveStatusEvent, MarketKind } from '../contract.ts';
import type { WatchedWindow } from '../list-handles.ts';
import { handleKey, listKey, type QueryRecord } from '../queries.ts';
import type { MarketTable } from '../table.ts';
import { applyTicks, tableKeyOf } from './apply.ts';
import { windowCells } from './cells.ts';
import type { LiveLink, SocketState } from './link.ts';
import {
  dataStateOf,
  initialLiveState,
  LIVE_KINDS,
  pollsRest,
  wantedLists,
  type LiveSideState,
  type Moves,
} from './state.ts';

/** At most one rows message per list handle per this long, ms. */
export const LIVE_FLUSH_MS = 250;
/**
 * Held rows go out with the first batch from the socket that arrives LIVE_FLUSH_MS or more after the list's last
 * message, in that batch's own task; a list that hears no such batch sends them on a timer this much later, ms. The
 * socket's batches come every 100 ms on a moving market (docs/API.md 'Live tickers'), so a message goes every 300 ms
 * and a row waits at most 200 ms; a fixed 250 ms timer, out of step with the batches, would hold a batch that came
 * just after a message for the whole 250 ms.
 */
export const LIVE_FLUSH_GRACE_MS = 100;
/** A panel's order is recomputed at most this often, ms, and only while its list is still. */
export const RESORT_MS = 5_000;
/** While the socket is down, the subscribed lists are refreshed over REST this often, ms. */
export const REST_FALLBACK_MS = 30_000;
/** A page hidden longer than this refetches its lists' snapshots when shown again, ms. */
export const RESYNC_AFTER_HIDDEN_MS = 60_000;
/** How often the data states are re-evaluated while any list is wanted, ms. */
const STATUS_EVERY_MS = 1_000;

/** What the live side needs from the engine. */
export interface LiveHost {
  link: LiveLink;
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  /** The table `key` of list `kind` in memory (`spot`, `futures:USDT`, `pilot`), or undefined. */
  table(kind: MarketKind, key: string): MarketTable | undefined;
  /** The windows the open lists of `kind` show now, one per list handle: its query record and rows [start, end). */
  watched(kind: MarketKind): ReadonlyArray<{ rec: QueryRecord; start: number; end: number }>;
  /** Row `i` of `rec`'s table formatted as the panel draws it. */
  format(rec: QueryRecord, i: number): ListRow;
  /** Re-ranks every open handle's query of `kind` (the engine bumps the list's version; lists re-ask their window). */
  resort(kind: MarketKind): void;
  /** Refetches `kind` over REST (false: the attempt failed). */
  refetch(kind: MarketKind): Promise<boolean>;
  /** When `kind`'s data in memory was fetched, ms since epoch (0: none). */
  savedAt(kind: MarketKind): number;
  /** True while this tab may refetch for the others (it holds the socket, or nobody shares). */
  leads(): boolean;
  /** The REST fallback period, ms (default REST_FALLBACK_MS; a test knob shortens it, wiring.ts). */
  restFallbackMs?(): number;
}

/** The live side of one engine. */
export interface EngineLive {
  /** Lists an open panel or the open search shows (the main thread counts them). */
  setInterest(kinds: readonly MarketKind[]): void;
  setVisible(visible: boolean): void;
  setOnline(online: boolean): void;
  /** Whether `kind`'s list is still (no scroll, hover or pointer on it for a moment; the main thread reports). */
  setStill(kind: MarketKind, still: boolean): void;
  /** The link's socket state changed. */
  socketState(state: SocketState): void;
  ticks(message: Extract<LiveServerMessage, { type: 'ticks' }>): void;
  /** The server dropped ticks of `lists` (a `resync`): the wanted ones are refetched over REST. */
  resync(lists: readonly LiveList[]): void;
  /** This tab took the socket over (the leader before it left): with the socket down, it polls REST from now on,
   * starting at once (the data the old leader last fetched may be a period old). */
  leadershipChanged(): void;
  /**
   * Makes `sink` the one receiver of the live events (a later call replaces it). `sink` null with `only`: removes
   * the receiver if it is still `only` (an unsubscribe that came after a newer receiver leaves that one).
   */
  listen(
    sink: ((event: LiveRowsEvent | LiveStatusEvent) => void) | null,
    only?: (event: LiveRowsEvent | LiveStatusEvent) => void,
  ): void;
  /** The current state of every list (a panel mounting asks once). */
  statuses(): LiveStatusEvent[];
  /** The whole state, read-only (tests). */
  inspect(): Readonly<LiveSideState>;
  dispose(): void;
}

/** Builds the live side over `host`. */
export function createEngineLive(host: LiveHost): EngineLive {
  /** The whole state (state.ts): the functions below read and write it, and nothing else. */
  const st = initialLiveState(host.now());

  const send = (event: LiveRowsEvent | LiveStatusEvent) => {
    try {
      st.sink?.(event);
    } catch {
      st.sink = null; // a receiver that throws is a page gone
    }
  };
  const wanted = (): LiveList[] => wantedLists(st);
  /** The data state of `kind` now (state.ts dataStateOf). */
  const stateOf = (kind: MarketKind): LiveStatusEvent =>
    dataStateOf(st, kind, host.now(), host.savedAt(kind), host.leads());
  const publishStates = () => {
    for (const kind of LIVE_KINDS) {
      const s = stateOf(kind);
      const l = st.lists.get(kind)!;
      // The age is counted on the page; a new data time matters only when the badge shows it (not live).
      if (l.sentState === s.state && (s.state === 'live' || l.sentAt === s.updatedAt)) continue;
      l.sentState = s.state;
      l.sentAt = s.updatedAt;
      send(s);
    }
  };
  const armStatus = () => {
    if (st.timers.status !== null || st.interest.length === 0) return;
    st.timers.status = host.setTimeout(() => {
      st.timers.status = null;
      publishStates();
      maybeResortAll();
      armStatus();
    }, STATUS_EVERY_MS);
  };

  /** Refetches `kinds` over REST; each outcome sets the list's data state. */
  const refetch = (kinds: readonly MarketKind[]) => {
    for (const kind of kinds)
      void host.refetch(kind).then((ok) => {
        if (ok) st.restFailed.delete(kind);
        else st.restFailed.add(kind);
        publishStates();
      });
  };
  /**
   * While the socket is down, the leader refetches every list some tab wants (the link's union) over REST every
   * period (restFallbackMs); the other tabs poll nothing: they re-read the cache the leader writes (io/share.ts
   * 'updated'), and arm the timer only once they lead.
   */
  const armRest = () => {
    if (st.timers.rest !== null || !pollsRest(st, host.leads())) return;
    st.timers.rest = host.setTimeout(() => {
      st.timers.rest = null;
      if (!pollsRest(st, host.leads())) return;
      refetch(host.link.wanted());
      armRest();
    }, host.restFallbackMs?.() ?? REST_FALLBACK_MS);
  };

  const maybeResort = (kind: MarketKind) => {
    const l = st.lists.get(kind)!;
    if (!l.unsorted || !l.still || host.now() - l.lastResortAt < RESORT_MS) return;
    l.unsorted = false;
    l.lastResortAt = host.now();
    host.resort(kind);
  };
  const maybeResortAll = () => LIVE_KINDS.forEach(maybeResort);

  const cellsOf = (w: WatchedWindow, changed: Moves) => windowCells(w, changed, host.format);

  /**
   * Sends the changed rows of each watched window of `kind`: one message per list handle, under the byte budget (a
   * handle's rows over it go at the next flush, with any newer move of theirs).
   */
  const flush = (kind: MarketKind) => {
    const l = st.lists.get(kind)!;
    l.flushTimer = null;
    l.lastFlushAt = host.now();
    const pending = l.pending;
    l.pending = new Map();
    const before = l.left;
    l.left = new Map();
    for (const w of host.watched(kind)) {
      if (!w.rec.table || !w.rec.ranked) continue;
      const key = listKey(w.rec.q);
      if (host.table(kind, key) !== w.rec.table) continue;
      const handle = handleKey(w.rec.q);
      const held = before.get(handle);
      const fresh = pending.get(key);
      const changed: Moves = held?.key === key ? new Map(held.moves) : new Map();
      fresh?.forEach((move, i) => changed.set(i, move));
      if (changed.size === 0) continue;
      const { rows, left } = cellsOf(w, changed);
      if (left.size) l.left.set(handle, { key, moves: left });
      if (!rows.length) continue;
      const event: LiveRowsEvent = { type: 'rows', kind, id: w.rec.q.id, rows };
      if (w.rec.q.list !== null) event.list = w.rec.q.list;
      send(event);
    }
    if (l.left.size) schedule(kind);
  };
  const schedule = (kind: MarketKind) => {
    const l = st.lists.get(kind)!;
    if (l.flushTimer !== null) return;
    const wait = Math.max(0, l.lastFlushAt + LIVE_FLUSH_MS + LIVE_FLUSH_GRACE_MS - host.now());
    l.flushTimer = host.setTimeout(() => flush(kind), wait);
  };

  return {
    setInterest(kinds) {
      st.interest = [...new Set(kinds)];
      host.link.want(wanted());
      armStatus();
      armRest();
      publishStates();
    },
    setVisible(next) {
      if (next === st.visible) return;
      st.visible = next;
      const now = host.now();
      if (!next) st.hiddenAt = now;
      host.link.want(wanted());
      if (next && now - st.hiddenAt > RESYNC_AFTER_HIDDEN_MS && host.leads())
        for (const kind of st.interest) void host.refetch(kind);
      armRest();
    },
    setOnline(next) {
      st.online = next;
      host.link.setOnline(next);
      if (next) st.restFailed.clear();
      armRest();
      publishStates();
    },
    setStill(kind, still) {
      const l = st.lists.get(kind);
      if (!l) return;
      l.still = still;
      if (still) maybeResort(kind);
    },
    socketState(state) {
      if (state === st.socket) return;
      st.socket = state;
      st.socketSince = host.now();
      if (state === 'open') st.restFailed.clear();
      armRest();
      publishStates();
    },
    ticks(message) {
      const kind: MarketKind = message.list;
      const l = st.lists.get(kind)!;
      const byTable = new Map<string, typeof message.ticks>();
      for (const tick of message.ticks) {
        const key = tableKeyOf(message.list, tick[0]);
        let ticks = byTable.get(key);
        if (!ticks) byTable.set(key, (ticks = []));
        ticks.push(tick);
      }
      let any = false;
      for (const [key, ticks] of byTable) {
        const t = host.table(kind, key);
        if (!t) continue;
        const { changed, moves } = applyTicks(t, key, ticks);
        if (!changed.length) continue;
        any = true;
        let rows = l.pending.get(key);
        if (!rows) l.pending.set(key, (rows = new Map()));
        changed.forEach((i, k) => rows.set(i, moves[k]!));
      }
      if (!any) return;
      l.lastTickAt = host.now();
      l.unsorted = true;
      if (l.sentState !== 'live') publishStates();
      if (host.now() - l.lastFlushAt < LIVE_FLUSH_MS) return schedule(kind);
      if (l.flushTimer !== null) host.clearTimeout(l.flushTimer);
      flush(kind);
    },
    resync(dropped) {
      refetch(wanted().filter((l) => dropped.includes(l)));
    },
    leadershipChanged() {
      if (!host.leads() || st.socket === 'open' || !st.online) return;
      refetch(host.link.wanted());
      if (st.timers.rest !== null) host.clearTimeout(st.timers.rest);
      st.timers.rest = null;
      armRest();
    },
    listen(next, only) {
      if (next === null && only && st.sink !== only) return;
      st.sink = next;
    },
    statuses: () => LIVE_KINDS.map(stateOf),
    inspect: () => st,
    dispose() {
      for (const l of st.lists.values()) if (l.flushTimer !== null) host.clearTimeout(l.flushTimer);
      if (st.timers.rest !== null) host.clearTimeout(st.timers.rest);
      if (st.timers.status !== null) host.clearTimeout(st.timers.status);
      st.sink = null;
      host.link.close();
    },
  };
}
