/**
 * The live side's state, as one explicit object (live.ts drives it; ARCHITECTURE.md 'Live lists'), and its pure
 * policies: each list's data state (SPEC §9 refresh: live, delayed, offline) and who polls REST while the socket is
 * down (the leader tab alone). Every field and timer is named here; nothing in live.ts keeps state of its own.
 */
import type { LiveList } from '../../../common/wire/live.ts';
import { LIVE_LISTS } from '../../../common/wire/live.ts';
import type { LiveRowsEvent, LiveState, LiveStatusEvent, MarketKind } from '../contract.ts';
import type { HandleKey } from '../queries.ts';
import type { SocketState } from './link.ts';

/** A subscribed list that heard no tick for this long is 'delayed', ms. */
export const NO_TICK_DELAYED_MS = 15_000;

/** The lists the live side keeps state for. */
export const LIVE_KINDS: readonly MarketKind[] = ['spot', 'futures', 'pilot', 'premarket'];

/** True for a list the socket ticks (pre-market has no ticks). */
export const isLive = (kind: MarketKind): kind is LiveList =>
  (LIVE_LISTS as readonly string[]).includes(kind);

/** Table rows that ticked and their latest price move, by table row. */
export type Moves = Map<number, 1 | -1 | 0>;

/** The one receiver of the live events. */
export type LiveSink = (event: LiveRowsEvent | LiveStatusEvent) => void;

/** One list's live state. */
export interface ListLive {
  /** Table rows that ticked since the last flush, by table key. */
  pending: Map<string, Moves>;
  /** Per list handle, the changed rows of its window a flush could not send (over one message's budget), with the
   * table key they are rows of: sent at the next flush. */
  left: Map<HandleKey, { key: string; moves: Moves }>;
  /** The timer of the next flush (held rows, or rows that came within LIVE_FLUSH_MS of the last message). */
  flushTimer: unknown;
  lastFlushAt: number;
  lastTickAt: number;
  /** Ticks arrived since the last re-rank. */
  unsorted: boolean;
  lastResortAt: number;
  /** No scroll, hover or pointer on the list (the page reports): its order may be recomputed. */
  still: boolean;
  /** The data state last sent, and the data time sent with it. */
  sentState: LiveState | null;
  sentAt: number;
}

/** The live side's whole state. */
export interface LiveSideState {
  /** Lists an open panel or the open search shows. */
  interest: MarketKind[];
  visible: boolean;
  online: boolean;
  /** When the page was last hidden, ms since epoch. */
  hiddenAt: number;
  /** The socket as this tab sees it (a follower: the leader's), and since when, ms since epoch. */
  socket: SocketState;
  socketSince: number;
  /** Lists whose last REST refetch failed (offline until one succeeds or the socket opens). */
  restFailed: Set<MarketKind>;
  sink: LiveSink | null;
  lists: Map<MarketKind, ListLive>;
  /** The side's own timers: the REST fallback's next poll, the data states' next re-evaluation. */
  timers: { rest: unknown; status: unknown };
}

/** A list's state before anything happened. */
function blankList(): ListLive {
  return {
    pending: new Map(),
    left: new Map(),
    flushTimer: null,
    lastFlushAt: 0,
    lastTickAt: 0,
    unsorted: false,
    lastResortAt: 0,
    still: true,
    sentState: null,
    sentAt: 0,
  };
}

/** The state at start, `now` ms since epoch: visible, online, socket down, no interest. Pure. */
export function initialLiveState(now: number): LiveSideState {
  return {
    interest: [],
    visible: true,
    online: true,
    hiddenAt: 0,
    socket: 'down',
    socketSince: now,
    restFailed: new Set(),
    sink: null,
    lists: new Map(LIVE_KINDS.map((k) => [k, blankList()])),
    timers: { rest: null, status: null },
  };
}

/** The lists this tab wants ticks of: its interest while visible, none while hidden. Pure. */
export function wantedLists(s: Pick<LiveSideState, 'visible' | 'interest'>): LiveList[] {
  return s.visible ? s.interest.filter(isLive) : [];
}

/**
 * The REST polling policy (SPEC §9 refresh; ARCHITECTURE.md 'Live lists'): true when this tab polls the lists over
 * REST now, that is while the socket is not open, the page is online, and this tab leads (holds the leader lock, or
 * nobody shares). A follower never polls: it takes the leader's data from the shared cache. Pure.
 */
export function pollsRest(s: Pick<LiveSideState, 'socket' | 'online'>, leads: boolean): boolean {
  return s.socket !== 'open' && s.online && leads;
}

/**
 * The data state of `kind` at `now` (SPEC §9 refresh; the badge's three states): offline when the page is; live
 * while the open socket ticked the list (or opened) within NO_TICK_DELAYED_MS; offline when the list's REST refetch
 * failed (for a follower, only while the socket is down); else delayed. `savedAt`: when its data was fetched. Pure.
 */
export function dataStateOf(
  s: LiveSideState,
  kind: MarketKind,
  now: number,
  savedAt: number,
  leads: boolean,
): LiveStatusEvent {
  const l = s.lists.get(kind)!;
  const updatedAt = Math.max(l.lastTickAt, savedAt);
  let state: LiveState;
  if (!s.online) state = 'offline';
  else if (s.socket === 'open' && isLive(kind)) {
    const heard = Math.max(l.lastTickAt, s.socketSince);
    state = now - heard < NO_TICK_DELAYED_MS ? 'live' : 'delayed';
  } else if (s.restFailed.has(kind) && (leads || s.socket === 'down')) state = 'offline';
  else state = 'delayed';
  return { type: 'status', kind, state, updatedAt };
}
